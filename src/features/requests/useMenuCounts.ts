import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { useSessionRole } from '../session/session';

/**
 * GET /user-menu/counts: the badges of the navigation and of Home's tiles. A short stale time so the
 * 5-second refresh on return (App's RefreshOnReturn) and every request change bring fresh numbers.
 * A failed load shows no badges rather than an error: the counts are a hint.
 */
export function useMenuCounts(): Record<string, number> {
  const role = useSessionRole();
  const query = useQuery({
    queryKey: ['requests', 'menu-counts'],
    queryFn: () => unwrap(api.GET('/user-menu/counts')),
    enabled: role !== 'guest',
    staleTime: 5_000,
    retry: false,
  });
  return query.data ?? {};
}
