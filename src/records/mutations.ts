import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshMenuCounts } from '../features/menu/useMenuCounts';

type Keys = { all: readonly unknown[]; one: (id: string) => readonly unknown[] };

/**
 * A change of a record with a lifecycle (request, task, questionnaire): its lists are refreshed, and
 * the menu's badges, which count such records. With `putsRecord` the answer is the record itself and
 * goes straight into its cache entry (no second load of the page being looked at); `also` names another
 * resource's lists the change adds to.
 */
export function useRecordMutation<V, R>(keys: Keys, mutationFn: (variables: V) => Promise<R>, { putsRecord = false, also = [] as readonly unknown[] } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result) => {
      if (putsRecord) queryClient.setQueryData(keys.one((result as { id: string }).id), result);
      const others = also.length ? [queryClient.invalidateQueries({ queryKey: also })] : [];
      await Promise.all([queryClient.invalidateQueries({ queryKey: keys.all }), refreshMenuCounts(queryClient), ...others]);
    },
  });
}
