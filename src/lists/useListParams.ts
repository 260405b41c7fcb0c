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

/** The address `location?search` with `change` applied: a value sets its key, an empty one removes it, the rest stays. */
export function addressWith(location: string, search: string, change: Record<string, string | null | undefined>): string {
  const next = new URLSearchParams(search);
  for (const [k, v] of Object.entries(change)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  const qs = next.toString();
  return qs ? `${location}?${qs}` : location;
}

/**
 * A page's own state in the address (a report's period, the calendar's day, the object of a roll), so
 * reload, back and a shared link show the same page: `params` to read, `set` to change in place (no new
 * history entry), `hrefWith` for a link to the same page in another state.
 */
export function useAddressState() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const hrefWith = useCallback((change: Record<string, string | null | undefined>) => addressWith(location, search, change), [location, search]);
  const set = useCallback((change: Record<string, string | null | undefined>) => navigate(hrefWith(change), { replace: true }), [navigate, hrefWith]);
  return { params, set, hrefWith };
}

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
      // Written afresh (not onto the current address): defaults and keys the list does not know are left out.
      const change = {
        page: next.page > 1 ? String(next.page) : null,
        search: next.search,
        status: next.status !== 'active' ? next.status : null,
        sort: next.sort !== defaults.sort ? next.sort : null,
        ...next.extra,
      };
      navigate(addressWith(location, '', change), { replace: true });
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

/**
 * A register of records' filters from the address (see RecordFilters): search, a status among `statuses`
 * (anything else is dropped), type, object and period.
 */
export function recordFilterOf<S extends string>(params: ListParams, statuses: readonly S[]) {
  const x = params.extra ?? {};
  return {
    search: params.search || undefined,
    status: statuses.includes(x.status as S) ? (x.status as S) : undefined,
    type_id: x.type_id || undefined,
    object_id: x.object_id || undefined,
    ...periodQuery(params),
  };
}
