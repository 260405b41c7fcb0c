import { type QueryClient, type UseMutationOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '#/api/client';

export type Preferences = Schemas['NotificationPreferences'];
export type Channel = 'push' | 'email' | 'telegram';
/** One switch: a kind on or off on one channel. */
export type Switch = { kind: Preferences['kinds'][number]['kind']; channel: Channel; on: boolean };

export const preferenceKeys = { preferences: ['notifications', 'preferences'] as const, save: ['notifications', 'preferences', 'save'] as const };

/** The caller's switches for each kind on each channel, and what each channel reaches now. */
export const usePreferences = () =>
  useQuery({ queryKey: preferenceKeys.preferences, queryFn: ({ signal }) => unwrap(api.GET('/notifications/preferences', { signal })) });

const withSwitch = (data: Preferences, { kind, channel, on }: Switch): Preferences => ({
  ...data,
  kinds: data.kinds.map((k) => (k.kind === kind ? { ...k, [channel]: on } : k)),
});

/**
 * One switch at a time, shown switched at once (TanStack's optimistic update). While several are in
 * flight only the last answer becomes the cache, so an earlier one never shows a later click undone;
 * a failure puts back that one switch, not the others clicked meanwhile. `send` is the request (a
 * test's stand-in).
 */
export function preferenceMutation(
  queryClient: QueryClient,
  send = (change: Switch) => save(change),
): UseMutationOptions<Preferences, Error, Switch, boolean | undefined> {
  return {
    mutationKey: preferenceKeys.save,
    mutationFn: send,
    onMutate: async (change) => {
      // A read still in flight would answer the old switch after this one is shown.
      await queryClient.cancelQueries({ queryKey: preferenceKeys.preferences });
      const before = queryClient.getQueryData<Preferences>(preferenceKeys.preferences);
      if (before) queryClient.setQueryData(preferenceKeys.preferences, withSwitch(before, change));
      return before?.kinds.find((k) => k.kind === change.kind)?.[change.channel];
    },
    onError: (_err, change, was) => {
      const now = queryClient.getQueryData<Preferences>(preferenceKeys.preferences);
      if (now && was !== undefined) queryClient.setQueryData(preferenceKeys.preferences, withSwitch(now, { ...change, on: was }));
    },
    onSuccess: (data) => {
      // This mutation still counts: 1 means no other save is on its way.
      if (queryClient.isMutating({ mutationKey: preferenceKeys.save }) === 1) queryClient.setQueryData(preferenceKeys.preferences, data);
    },
  };
}

const save = ({ kind, channel, on }: Switch) => unwrap(api.PUT('/notifications/preferences', { body: { kinds: [{ kind, [channel]: on }] } }));

export function useSetPreference() {
  const queryClient = useQueryClient();
  return useMutation(preferenceMutation(queryClient));
}
