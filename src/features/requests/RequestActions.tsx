import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Schemas, messageOf } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Row, Select, TextArea } from '../../ui';
import { useAlerts } from '#/state/alerts';
import { type RequestDetail, type RequestEventType, requestApi, requestKeys, useAssigneeOptions } from './api';
import { actionKey } from './format';
import { RequestDialog } from './RequestDialog';
import { ReportUpload } from './ReportUpload';
import { refreshMenuCounts } from '#/state/menu-counts';

type Dialogs = 'assign' | 'request.reject' | 'request.return' | null;

/**
 * Exactly the transitions the server lists in `actions` (machines/request.ts for the caller), each
 * answering with a toast and a refresh; assign, reject and return ask first in a dialog.
 */
export function RequestActions({ request, staff }: { request: RequestDetail; staff: boolean }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string>();
  const [kind, setKind] = useState<'employee' | 'contractor'>('employee');
  const [assignee, setAssignee] = useState('');
  const options = useAssigneeOptions(dialog === 'assign');

  const mutation = useMutation({
    mutationFn: (body: Schemas['RequestTransition']) => requestApi.transition(request.id, body),
    onSuccess: (next) => {
      alerts.add({ message: LL.requests.toasts.changed({ status: LL.requests.statuses[next.status]() }), type: 'success' });
      setDialog(null);
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      void refreshMenuCounts(queryClient);
    },
    onError: (err) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
  });

  const open = (d: Exclude<Dialogs, null>) => {
    setComment('');
    setCommentError(undefined);
    setAssignee('');
    setDialog(d);
  };
  const onClick = (event: RequestEventType) => {
    if (event === 'request.assign') open('assign');
    else if (event === 'request.reject' || event === 'request.return') open(event);
    else mutation.mutate({ event });
  };
  const sendComment = () => {
    if (!comment.trim()) return setCommentError(LL.requests.dialogs.commentRequired());
    if (dialog === 'request.reject' || dialog === 'request.return') mutation.mutate({ event: dialog, comment: comment.trim() });
  };
  const sendAssign = () => {
    if (!assignee) return;
    mutation.mutate(kind === 'employee' ? { event: 'request.assign', assignee_employee_id: assignee } : { event: 'request.assign', assignee_contractor_id: assignee });
  };

  const d = LL.requests.dialogs;
  const people =
    kind === 'employee'
      ? (options.employees.data ?? []).map((e) => ({ value: e.id, label: e.full_name }))
      : (options.contractors.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  // A staff member may add report photos while the work goes on; done needs at least one.
  const reporting = staff && (request.status === 'in_progress' || request.status === 'paused') && request.actions.length > 0;

  return (
    <Row gap="sm" wrap data-testid="request-actions">
      {request.actions.map((event) => (
        <Button
          key={event}
          variant={event === 'request.reject' || event === 'request.return' ? 'danger' : event === 'request.pause' ? 'secondary' : 'primary'}
          loading={mutation.isPending && mutation.variables?.event === event && !dialog}
          onClick={() => onClick(event)}
          data-testid={`action-${actionKey(event)}`}
        >
          {LL.requests.actions[actionKey(event)]()}
        </Button>
      ))}
      {reporting && <ReportUpload request={request} />}
      <RequestDialog
        open={dialog === 'assign'}
        title={d.assignTitle()}
        submitLabel={LL.requests.actions.assign()}
        cancelLabel={LL.list.cancel()}
        onSubmit={sendAssign}
        onClose={() => setDialog(null)}
        busy={mutation.isPending}
        testId="assign-dialog"
      >
        <Select
          label={d.assignee()}
          name="assignee_kind"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as 'employee' | 'contractor');
            setAssignee('');
          }}
          options={[
            { value: 'employee', label: d.employees() },
            { value: 'contractor', label: d.contractors() },
          ]}
        />
        <Select label={d.pickAssignee()} name="assignee" value={assignee} placeholder="—" onChange={(e) => setAssignee(e.target.value)} options={people} />
      </RequestDialog>
      <RequestDialog
        open={dialog === 'request.reject' || dialog === 'request.return'}
        title={dialog === 'request.return' ? d.returnTitle() : d.rejectTitle()}
        submitLabel={d.send()}
        cancelLabel={LL.list.cancel()}
        onSubmit={sendComment}
        onClose={() => setDialog(null)}
        busy={mutation.isPending}
        testId="comment-dialog"
      >
        <TextArea
          label={LL.requests.fields.comment()}
          name="comment"
          required
          maxLength={2000}
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            setCommentError(undefined);
          }}
          error={commentError}
        />
      </RequestDialog>
    </Row>
  );
}
