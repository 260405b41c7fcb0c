import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import { messageOf } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button } from '../../ui';
import { type MallObject, useRemoveObject } from './api';

/** Objects are erased (no status column); the server refuses one with rooms and the toast says why. */
export function DeleteObject({ object }: { object: MallObject }) {
  const { LL } = useI18nContext();
  const confirm = useConfirm();
  const alerts = useAlerts();
  const mutation = useRemoveObject({
    onSuccess: () => alerts.add({ message: LL.list.deleted(), type: 'success' }),
    onError: (err) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
  });
  return (
    <Button
      size="sm"
      variant="danger"
      loading={mutation.isPending}
      onClick={async () => (await confirm({ message: LL.objects.deleteConfirm({ name: object.name }) })) && mutation.mutate(object.id)}
    >
      {LL.list.delete()}
    </Button>
  );
}
