import { useState } from 'react';
import { useAlerts } from '#/state/alerts';
import { type TaskDetail, type TaskEventType, useTaskTransition } from '#/state/queries/tasks';
import { messageOf, type Schemas } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { CommentDialog } from '../../records/CommentDialog';
import { fromAlmatyInput } from '../../shared/almaty';
import { Button, Row } from '../../ui';
import { DeadlineDialog } from './DeadlineDialog';
import { actionKey } from './format';

type Dialog = 'task.reject' | 'task.return' | 'task.extend' | null;
const asks: TaskEventType[] = ['task.reject', 'task.return', 'task.extend'];
const danger: TaskEventType[] = ['task.reject', 'task.return'];

/**
 * Exactly the transitions the server lists in `actions` (machines/task.ts for the caller's side), each
 * answering with a toast and a refresh; reject asks a reason, return a comment, extend a new deadline.
 */
export function TaskActions({ task }: { task: TaskDetail }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const [dialog, setDialog] = useState<Dialog>(null);
  const transition = useTaskTransition(task.id);
  const t = LL.tasks;
  const d = t.dialogs;

  // A refusal is told in a toast; a dialog stays open with what was typed.
  const run = (body: Schemas['TaskTransition']) =>
    transition.mutateAsync(body).then(
      (next) => {
        alerts.add({ message: t.toasts.changed({ status: t.statuses[next.status]() }), type: 'success' });
        setDialog(null);
      },
      (err: unknown) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
    );
  const onClick = (event: TaskEventType) => (asks.includes(event) ? setDialog(event as Exclude<Dialog, null>) : void run({ event }));
  const commented = dialog === 'task.reject' || dialog === 'task.return' ? dialog : null;

  return (
    <Row gap="sm" wrap data-testid="task-actions">
      {task.actions
        .filter((event) => event !== 'task.expire')
        .map((event) => (
          <Button
            key={event}
            variant={danger.includes(event) ? 'danger' : event === 'task.pause' ? 'secondary' : 'primary'}
            loading={transition.isPending && transition.variables?.event === event && !dialog}
            onClick={() => onClick(event)}
            data-testid={`action-${actionKey(event)}`}
          >
            {t.actions[actionKey(event) as Exclude<ReturnType<typeof actionKey>, 'expire'>]()}
          </Button>
        ))}
      <CommentDialog
        open={commented !== null}
        title={commented === 'task.return' ? d.returnTitle() : d.rejectTitle()}
        label={commented === 'task.reject' ? d.reason() : t.fields.comment()}
        submitLabel={d.send()}
        requiredMessage={LL.records.commentRequired()}
        onSend={(comment) => (commented ? run({ event: commented, comment }) : Promise.resolve())}
        onClose={() => setDialog(null)}
        testId="task-dialog"
      />
      <DeadlineDialog
        open={dialog === 'task.extend'}
        onExtend={(v) => run({ event: 'task.extend', deadline_at: fromAlmatyInput(v) })}
        onClose={() => setDialog(null)}
      />
    </Row>
  );
}
