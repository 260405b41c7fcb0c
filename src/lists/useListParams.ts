import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

export type ListParams = {
  page: number;
  limit: number;
  search: string;
  status: 'active' | 'deleted';
  sort: string;
  /** A list's own filters (only the keys it names in `extraKeys`), kept in the address too. */
  extra?: Record<string, string>;
};

/**
 * The list's state lives in the address (?page=2&search=...), so reload, back and a shared link
 * show the same page. Changing a filter returns to page 1.
 */
export function useListParams(defaults: { sort: string; limit?: number; extraKeys?: readonly string[] }) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const extraKeys = defaults.extraKeys?.join(',') ?? '';
  const params = useMemo<ListParams>(() => {
    const q = new URLSearchParams(search);
    const page = Number(q.get('page'));
    const extra = extraKeys ? Object.fromEntries(extraKeys.split(',').flatMap((k) => (q.get(k) ? [[k, q.get(k) as string]] : []))) : undefined;
    return {
      page: Number.isInteger(page) && page > 0 ? page : 1,
      limit: defaults.limit ?? 20,
      search: q.get('search') ?? '',
      status: q.get('status') === 'deleted' ? 'deleted' : 'active',
      sort: q.get('sort') ?? defaults.sort,
      ...(extra && { extra }),
    };
  }, [search, defaults.sort, defaults.limit, extraKeys]);

  const update = useCallback(
    (patch: Partial<ListParams>) => {
      const next = { ...params, ...('page' in patch ? {} : { page: 1 }), ...patch };
      const q = new URLSearchParams();
      if (next.page > 1) q.set('page', String(next.page));
      if (next.search) q.set('search', next.search);
      if (next.status !== 'active') q.set('status', next.status);
      if (next.sort !== defaults.sort) q.set('sort', next.sort);
      for (const [k, v] of Object.entries(next.extra ?? {})) if (v) q.set(k, v);
      const qs = q.toString();
      navigate(qs ? `${location}?${qs}` : location, { replace: true });
    },
    [params, location, navigate, defaults.sort],
  );

  return { params, update };
}

/** What every list sends of its parameters: the page, its size and the search (left out when empty). */
export const pageQuery = (params: Pick<ListParams, 'page' | 'limit' | 'search'>) => ({
  page: params.page,
  limit: params.limit,
  search: params.search || undefined,
});

/** What `PeriodFilters` keeps in the address, as the contract's `from`, `to` and `overdue` (left out when empty). */
export const periodQuery = (params: Pick<ListParams, 'extra'>) => {
  const x = params.extra ?? {};
  return { from: x.from || undefined, to: x.to || undefined, overdue: x.overdue === '1' || undefined };
};
