import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Schemas, messageOf } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Row, TextArea, TextField } from '../../ui';
import { useAlerts } from '#/state/alerts';
import { RequestDialog } from '../requests/RequestDialog';
import { type TaskDetail, type TaskEventType, taskApi, taskKeys } from './api';
import { actionKey, almatyNowInput, fromAlmatyInput, isFutureInput } from './format';
import { refreshMenuCounts } from '#/state/menu-counts';

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
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const t = LL.tasks;
  const d = t.dialogs;

  const mutation = useMutation({
    mutationFn: (body: Schemas['TaskTransition']) => taskApi.transition(task.id, body),
    onSuccess: (next) => {
      alerts.add({ message: t.toasts.changed({ status: t.statuses[next.status]() }), type: 'success' });
      setDialog(null);
      queryClient.setQueryData(taskKeys.one(task.id), next);
      void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      void refreshMenuCounts(queryClient);
    },
    onError: (err) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
  });

  const onClick = (event: TaskEventType) => {
    if (!asks.includes(event)) return mutation.mutate({ event });
    setText('');
    setError(undefined);
    setDialog(event as Exclude<Dialog, null>);
  };
  const send = () => {
    if (dialog === 'task.extend') {
      if (!isFutureInput(text)) return setError(text ? t.deadlinePast() : LL.validation.required());
      return mutation.mutate({ event: dialog, deadline_at: fromAlmatyInput(text) });
    }
    if (!text.trim()) return setError(d.commentRequired());
    if (dialog) mutation.mutate({ event: dialog, comment: text.trim() });
  };
  const title = dialog === 'task.extend' ? d.extendTitle() : dialog === 'task.return' ? d.returnTitle() : d.rejectTitle();
  const onText = (value: string) => {
    setText(value);
    setError(undefined);
  };

  return (
    <Row gap="sm" wrap data-testid="task-actions">
      {task.actions
        .filter((event) => event !== 'task.expire')
        .map((event) => (
          <Button
            key={event}
            variant={danger.includes(event) ? 'danger' : event === 'task.pause' ? 'secondary' : 'primary'}
            loading={mutation.isPending && mutation.variables?.event === event && !dialog}
            onClick={() => onClick(event)}
            data-testid={`action-${actionKey(event)}`}
          >
            {t.actions[actionKey(event) as Exclude<ReturnType<typeof actionKey>, 'expire'>]()}
          </Button>
        ))}
      <RequestDialog
        open={dialog !== null}
        title={title}
        submitLabel={d.send()}
        cancelLabel={LL.list.cancel()}
        onSubmit={send}
        onClose={() => setDialog(null)}
        busy={mutation.isPending}
        testId="task-dialog"
      >
        {dialog === 'task.extend' ? (
          <TextField label={d.newDeadline()} name="deadline_at" type="datetime-local" min={almatyNowInput()} required value={text} onChange={(e) => onText(e.target.value)} error={error} />
        ) : (
          <TextArea
            label={dialog === 'task.reject' ? d.reason() : t.fields.comment()}
            name="comment"
            required
            maxLength={2000}
            value={text}
            onChange={(e) => onText(e.target.value)}
            error={error}
          />
        )}
      </RequestDialog>
    </Row>
  );
}
