import type { UseMutationResult } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import { messageOf } from '../api/client';
import { useI18nContext } from '../i18n/i18n-react';
import { Button } from '../ui';

/**
 * A record's "Delete": asked first (`question`), then deleted, told (`done`) and left for `then` (its
 * list); a refusal is shown as the server said it.
 */
export function DeleteButton(props: { remove: UseMutationResult<unknown, Error, unknown>; question: string; done: string; then: string; testId: string }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const confirm = useConfirm();
  const [, navigate] = useLocation();
  const removeIt = async () => {
    try {
      await props.remove.mutateAsync(undefined);
    } catch (err) {
      alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' });
      return;
    }
    alerts.add({ message: props.done, type: 'success' });
    navigate(props.then);
  };
  return (
    <Button
      variant="danger"
      loading={props.remove.isPending}
      onClick={async () => (await confirm({ message: props.question })) && removeIt()}
      data-testid={props.testId}
    >
      {LL.list.delete()}
    </Button>
  );
}
