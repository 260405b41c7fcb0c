import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RecordStatus, recordActions } from '#machines/record';
import { messageOf } from '../api/client';
import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import { useCan } from '#/state/session';
import type { AccessModule } from '../shared/access-levels';
import { useI18nContext } from '../i18n/i18n-react';
import { Button } from '../ui';

type Props = {
  id: string;
  status: RecordStatus;
  /** The query key prefix of the register, refreshed after a change. */
  queryKey: readonly unknown[];
  remove: (id: string) => Promise<unknown>;
  restore: (id: string) => Promise<unknown>;
  /** The question of the confirmation dialog; spec §8's default when absent. */
  confirmMessage?: string;
  /** The access module whose `delete` level these need (none for the superadmin's registers). */
  module?: AccessModule;
};

/**
 * Delete and restore as machines/record.ts allows for the row's status. A delete asks first;
 * both answer with a toast (spec §8) and refresh the list.
 */
export function RecordActions({ id, status, queryKey, remove, restore, confirmMessage, module }: Props) {
  const { LL } = useI18nContext();
  const confirm = useConfirm();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const mayDelete = useCan(module, 'delete');
  const mutation = useMutation({
    mutationFn: async (event: 'record.delete' | 'record.restore') => (event === 'record.delete' ? remove(id) : restore(id)),
    onSuccess: (_, event) => {
      alerts.add({ message: event === 'record.delete' ? LL.list.deleted() : LL.list.restored(), type: 'success' });
      void queryClient.invalidateQueries({ queryKey });
    },
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
              if (await confirm(confirmMessage ? { message: confirmMessage } : {})) mutation.mutate(event);
            }}
          >
            {LL.list.delete()}
          </Button>
        ) : (
          <Button key={event} size="sm" variant="secondary" loading={mutation.isPending} onClick={() => mutation.mutate(event)}>
            {LL.list.restore()}
          </Button>
        ),
      )}
    </>
  );
}
