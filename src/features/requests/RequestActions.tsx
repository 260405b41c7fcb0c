import { useState } from 'react';
import { useAlerts } from '#/state/alerts';
import { type RequestDetail, type RequestEventType, useRequestTransition } from '#/state/queries/requests';
import { messageOf, type Schemas } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { CommentDialog } from '../../records/CommentDialog';
import { Button, Row } from '../../ui';
import { AssignDialog } from './AssignDialog';
import { actionKey } from './format';
import { ReportUpload } from './ReportUpload';

type Dialogs = 'assign' | 'request.reject' | 'request.return' | null;

/**
 * Exactly the transitions the server lists in `actions` (machines/request.ts for the caller), each
 * answering with a toast and a refresh; assign, reject and return ask first in a dialog.
 */
export function RequestActions({ request, staff }: { request: RequestDetail; staff: boolean }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const transition = useRequestTransition(request.id);

  // A refusal is told in a toast; a dialog stays open with what was typed.
  const run = (body: Schemas['RequestTransition']) =>
    transition.mutateAsync(body).then(
      (next) => {
        alerts.add({ message: LL.requests.toasts.changed({ status: LL.requests.statuses[next.status]() }), type: 'success' });
        setDialog(null);
      },
      (err: unknown) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
    );
  const onClick = (event: RequestEventType) => {
    if (event === 'request.assign' || event === 'request.reject' || event === 'request.return') setDialog(event === 'request.assign' ? 'assign' : event);
    else void run({ event });
  };

  const d = LL.requests.dialogs;
  // A staff member may add report photos while the work goes on; done needs at least one.
  const reporting = staff && (request.status === 'in_progress' || request.status === 'paused') && request.actions.length > 0;

  return (
    <Row gap="sm" wrap data-testid="request-actions">
      {request.actions.map((event) => (
        <Button
          key={event}
          variant={event === 'request.reject' || event === 'request.return' ? 'danger' : event === 'request.pause' ? 'secondary' : 'primary'}
          loading={transition.isPending && transition.variables?.event === event && !dialog}
          onClick={() => onClick(event)}
          data-testid={`action-${actionKey(event)}`}
        >
          {LL.requests.actions[actionKey(event)]()}
        </Button>
      ))}
      {reporting && <ReportUpload request={request} />}
      <AssignDialog open={dialog === 'assign'} onAssign={run} onClose={() => setDialog(null)} busy={transition.isPending} />
      <CommentDialog
        open={dialog === 'request.reject' || dialog === 'request.return'}
        title={dialog === 'request.return' ? d.returnTitle() : d.rejectTitle()}
        label={LL.requests.fields.comment()}
        submitLabel={d.send()}
        requiredMessage={LL.records.commentRequired()}
        onSend={(comment) => (dialog === 'request.reject' || dialog === 'request.return' ? run({ event: dialog, comment }) : Promise.resolve())}
        onClose={() => setDialog(null)}
        testId="comment-dialog"
      />
    </Row>
  );
}
