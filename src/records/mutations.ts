import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshMenuCounts } from '#/state/queries/menu-counts';

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

/** What a page adds to a change: its toast, its own state. Given to the hook, they run even when the row that asked is gone. */
export type MutationCallbacks<V, R = unknown> = {
  onSuccess?: (result: R, variables: V) => unknown;
  onError?: (error: Error, variables: V) => unknown;
};

/**
 * A change of a register (employees, landlords, objects, settings…): the caller's callbacks first (the
 * toast shows at once), then every key in `refreshes` is refreshed. A form waits for that (`mutateAsync`
 * resolves once the lists are fresh, then it navigates); a row's button does not (`background`).
 */
export function useRefreshMutation<V, R>(
  refreshes: readonly (readonly unknown[])[],
  mutationFn: (variables: V) => Promise<R>,
  on: MutationCallbacks<V, R> = {},
  { background = false } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result, variables) => {
      on.onSuccess?.(result, variables);
      const refreshed = Promise.all(refreshes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (!background) await refreshed;
    },
    onError: (error, variables) => on.onError?.(error, variables),
  });
}

export type StatusEvent = 'record.delete' | 'record.restore';
export type StatusChange = { id: string; event: StatusEvent };
/** The erasing of a record without a status (object, room, object type), as src/lists/EraseButton takes it. */
export type EraseMutation = (on?: MutationCallbacks<string>) => ReturnType<typeof useRefreshMutation<string, unknown>>;
/** A register's delete and restore (soft delete), as src/lists/RecordActions takes it. */
export type StatusMutation = (on?: MutationCallbacks<StatusChange>) => ReturnType<typeof useRefreshMutation<StatusChange, unknown>>;

/** Delete or restore one row of a register; its keys (`all`, so its pickers too) are refreshed. */
export function useStatusMutation(
  all: readonly unknown[],
  calls: { remove: (id: string) => Promise<unknown>; restore: (id: string) => Promise<unknown> },
  on?: MutationCallbacks<StatusChange>,
) {
  return useRefreshMutation([all], ({ id, event }: StatusChange) => (event === 'record.delete' ? calls.remove(id) : calls.restore(id)), on, {
    background: true,
  });
}
