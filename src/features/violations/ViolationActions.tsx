import { useState } from 'react';
import { paths } from '#/app/paths';
import { useAlerts } from '#/state/alerts';
import { useDeleteViolation, useViolationTransition, type ViolationDetail, type ViolationEventType } from '#/state/queries/violations';
import { messageOf, type Schemas } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { CommentDialog } from '../../records/CommentDialog';
import { DeleteButton } from '../../records/DeleteButton';
import { Button, Row } from '../../ui';
import { DisputeDialog } from './DisputeDialog';
import { actionKey } from './format';

type WithComment = 'violation.dispute' | 'violation.reject' | 'violation.return';
const withComment = new Set<ViolationEventType>(['violation.dispute', 'violation.reject', 'violation.return']);
const danger = new Set<ViolationEventType>(['violation.dispute', 'violation.reject', 'violation.return']);

/**
 * Exactly the transitions the server lists in `actions` (machines/violation.ts for the caller), each
 * answering with a toast and a refresh; dispute (with its files), reject and return ask for a comment first.
 */
export function ViolationActions({ violation }: { violation: ViolationDetail }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const [dialog, setDialog] = useState<WithComment | null>(null);
  const transition = useViolationTransition(violation.id);
  const d = LL.violations.dialogs;

  const run = (body: Schemas['ViolationTransition']) =>
    transition.mutateAsync(body).then(
      (next) => {
        alerts.add({ message: LL.violations.toasts.changed({ status: LL.violations.statuses[next.status]() }), type: 'success' });
        setDialog(null);
      },
      (err: unknown) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
    );
  const title = dialog === 'violation.reject' ? d.rejectTitle() : d.returnTitle();

  return (
    <Row gap="sm" wrap data-testid="violation-actions">
      {violation.actions.map((event) => (
        <Button
          key={event}
          variant={danger.has(event) ? 'danger' : 'primary'}
          loading={transition.isPending && transition.variables?.event === event && !dialog}
          onClick={() => (withComment.has(event) ? setDialog(event as WithComment) : void run({ event }))}
          data-testid={`action-${actionKey(event)}`}
        >
          {LL.violations.actions[actionKey(event)]()}
        </Button>
      ))}
      {violation.can_delete && <DeleteDraft violation={violation} />}
      <DisputeDialog id={violation.id} open={dialog === 'violation.dispute'} onClose={() => setDialog(null)} />
      <CommentDialog
        open={dialog === 'violation.reject' || dialog === 'violation.return'}
        title={title}
        label={LL.violations.fields.comment()}
        submitLabel={d.send()}
        requiredMessage={LL.records.commentRequired()}
        onSend={(comment) => (dialog ? run({ event: dialog, comment }) : Promise.resolve())}
        onClose={() => setDialog(null)}
        testId="comment-dialog"
      />
    </Row>
  );
}

/** A draft may be deleted (asked first); an issued violation stays on record. */
function DeleteDraft({ violation: v }: { violation: ViolationDetail }) {
  const { LL } = useI18nContext();
  return (
    <DeleteButton
      remove={useDeleteViolation(v.id)}
      question={LL.violations.deleteConfirm({ number: v.number })}
      done={LL.violations.toasts.deleted()}
      then={paths.violations.list}
      testId="violation-delete"
    />
  );
}
