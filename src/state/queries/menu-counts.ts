import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#/api/client';
import { useSessionRole } from '#/state/session';

const menuCountsKey = ['menu-counts'] as const;

/** After a change of a request, task or questionnaire: the badges may have moved. */
export const refreshMenuCounts = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: menuCountsKey });

/** The counts the live stream sent, ready to use: no second request. */
export const putMenuCounts = (queryClient: QueryClient, counts: Record<string, number>) => queryClient.setQueryData(menuCountsKey, counts);

/**
 * GET /user-menu/counts: the badges of the navigation and of Home's tiles. A short stale time so the
 * 5-second refresh on return (App's RefreshOnReturn) and every change of a request, task or questionnaire bring fresh numbers.
 * A failed load shows no badges rather than an error: the counts are a hint.
 */
export function useMenuCounts(): Record<string, number> {
  const role = useSessionRole();
  const query = useQuery({
    queryKey: menuCountsKey,
    queryFn: ({ signal }) => unwrap(api.GET('/user-menu/counts', { signal })),
    enabled: role !== 'guest',
    staleTime: 5_000,
    retry: false,
  });
  return query.data ?? {};
}
