import { useSpaLink } from '#/frame/links';
import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import { useMayOpen } from '#/state/route-access';
import { useCan } from '#/state/session';
import { type RecordStatus, recordActions } from '../../machines/record';
import { messageOf } from '../api/client';
import { useI18nContext } from '../i18n/i18n-react';
import type { StatusMutation } from '../records/mutations';
import type { AccessModule } from '../shared/access-levels';
import { Button, Row } from '../ui';

type Props = {
  id: string;
  status: RecordStatus;
  /** The register's delete/restore hook from its api.ts, which refreshes what the change touched. */
  useChange: StatusMutation;
  /** The question of the confirmation dialog; the generic question when absent. */
  confirmMessage?: string;
  /** The access module whose `delete` level these need (none for the superadmin's registers). */
  module?: AccessModule;
};

/**
 * Delete and restore as machines/record.ts allows for the row's status. A delete asks first;
 * both answer with a toast; the register's hook refreshes the list.
 */
export function RecordActions({ id, status, useChange, confirmMessage, module }: Props) {
  const { LL } = useI18nContext();
  const confirm = useConfirm();
  const alerts = useAlerts();
  const mayDelete = useCan(module, 'delete');
  const mutation = useChange({
    onSuccess: (_, { event }) => alerts.add({ message: event === 'record.delete' ? LL.list.deleted() : LL.list.restored(), type: 'success' }),
    onError: (err) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
  });
  if (!mayDelete) return null;
  return (
    <>
      {recordActions(status).map((event) =>
        event === 'record.delete' ? (
          <Button
            key={event}
            size="sm"
            variant="danger"
            loading={mutation.isPending}
            onClick={async () => {
              if (await confirm(confirmMessage ? { message: confirmMessage } : {})) mutation.mutate({ id, event });
            }}
          >
            {LL.list.delete()}
          </Button>
        ) : (
          <Button key={event} size="sm" variant="secondary" loading={mutation.isPending} onClick={() => mutation.mutate({ id, event })}>
            {LL.list.restore()}
          </Button>
        ),
      )}
    </>
  );
}

type RowProps = Omit<Props, 'id' | 'status'> & { row: { id: string; status: RecordStatus }; editHref: string };

/** A register row's actions: edit (for whoever may open the edit page, active rows only), then delete or restore. */
export function RegisterRowActions({ row, editHref, ...rest }: RowProps) {
  const { LL } = useI18nContext();
  const link = useSpaLink();
  const mayEdit = useMayOpen()(editHref);
  return (
    <Row gap="sm" justify="flex-end">
      {mayEdit && row.status === 'active' && (
        <Button size="sm" variant="ghost" onClick={link(editHref)}>
          {LL.list.edit()}
        </Button>
      )}
      <RecordActions id={row.id} status={row.status} {...rest} />
    </Row>
  );
}
