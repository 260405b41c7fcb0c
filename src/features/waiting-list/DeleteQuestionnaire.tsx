import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import { useRemoveQuestionnaire } from '#/state/queries/questionnaires';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button } from '../../ui';

type Props = { questionnaire: { id: string; company_name: string }; size?: 'sm'; onDeleted?: () => void };

/** Asked first; "deleted" on success, "failed to delete application" on failure. The server checks `waiting_list` delete. */
export function DeleteQuestionnaire({ questionnaire: q, size, onDeleted }: Props) {
  const { LL } = useI18nContext();
  const w = LL.waitingList;
  const alerts = useAlerts();
  const confirm = useConfirm();
  const remove = useRemoveQuestionnaire(q.id);
  // Awaited rather than given callbacks: a row's button is gone once the list refreshes, its callbacks with it.
  const removeIt = async () => {
    try {
      await remove.mutateAsync(undefined);
    } catch {
      alerts.add({ message: w.deleteFailed(), type: 'error' });
      return;
    }
    alerts.add({ message: w.deleted(), type: 'success' });
    onDeleted?.();
  };
  return (
    <Button
      variant="danger"
      size={size}
      loading={remove.isPending}
      onClick={async () => (await confirm({ message: w.deleteConfirm({ name: q.company_name }) })) && removeIt()}
      data-testid="questionnaire-delete"
    >
      {LL.list.delete()}
    </Button>
  );
}
