import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import { messageOf } from '../api/client';
import { useI18nContext } from '../i18n/i18n-react';
import type { EraseMutation } from '../records/mutations';
import { Button } from '../ui';

type Props = {
  id: string;
  /** The question of the confirmation dialog, naming the record. */
  confirmMessage: string;
  /** The module's erase hook from its api.ts, which refreshes what the change touched. */
  useErase: EraseMutation;
};

/**
 * Erases a record that has no status to delete it by (an object, a room, an object type): asks
 * first, answers with a toast; a refusal (rooms still in the object) says why in the toast.
 */
export function EraseButton({ id, confirmMessage, useErase }: Props) {
  const { LL } = useI18nContext();
  const confirm = useConfirm();
  const alerts = useAlerts();
  const mutation = useErase({
    onSuccess: () => alerts.add({ message: LL.list.deleted(), type: 'success' }),
    onError: (err) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
  });
  return (
    <Button size="sm" variant="danger" loading={mutation.isPending} onClick={async () => (await confirm({ message: confirmMessage })) && mutation.mutate(id)}>
      {LL.list.delete()}
    </Button>
  );
}
