import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '#/api/client';
import { refreshMenuCounts } from './menu-counts';

export type Notification = Schemas['Notification'];

export const notificationKeys = { all: ['notifications'] as const };

/** The inbox, newest first; each further page starts before the last one's oldest id (the server's keyset). */
export function useInbox(unread: boolean) {
  return useInfiniteQuery({
    queryKey: [...notificationKeys.all, 'inbox', { unread }],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      unwrap(api.GET('/notifications/inbox', { params: { query: { before: pageParam, unread: unread || undefined } }, signal })),
    getNextPageParam: (last) => last.meta.next ?? undefined,
  });
}

/** Reading one or all: the inbox and the bell's count (the menu's counts) move together. */
function useReadMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: notificationKeys.all }), refreshMenuCounts(queryClient)]),
  });
}

export const useMarkRead = () => useReadMutation((id: number) => unwrap(api.POST('/notifications/{id}/read', { params: { path: { id } } })));

export const useMarkAllRead = () => useReadMutation(() => unwrap(api.POST('/notifications/read-all')));
