import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button } from '../../ui';
import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import { type MallObject, objectApi, objectKeys } from './api';

/** Objects are erased (no status column); the server refuses one with rooms and the toast says why. */
export function DeleteObject({ object }: { object: MallObject }) {
  const { LL } = useI18nContext();
  const confirm = useConfirm();
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => objectApi.remove(object.id),
    onSuccess: () => {
      alerts.add({ message: LL.list.deleted(), type: 'success' });
      void queryClient.invalidateQueries({ queryKey: objectKeys.all });
    },
    onError: (err) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
  });
  return (
    <Button
      size="sm"
      variant="danger"
      loading={mutation.isPending}
      onClick={async () => (await confirm({ message: LL.objects.deleteConfirm({ name: object.name }) })) && mutation.mutate()}
    >
      {LL.list.delete()}
    </Button>
  );
}
