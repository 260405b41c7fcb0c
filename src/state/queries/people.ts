import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#/api/client';
import type { components } from '#/api/schema';

export type Person = components['schemas']['Person'];
type PersonRole = components['schemas']['PersonRole'];
type PeopleQuery = { purpose: components['schemas']['PeoplePurpose']; role?: PersonRole[]; search?: string };

/** No mutation changes who may be picked, so nothing here needs refreshing by hand; a minute keeps pickers fresh enough. */
export const peopleKeys = {
  all: ['people'] as const,
  list: (q: PeopleQuery) => ['people', q.purpose, q.role ?? [], q.search ?? ''] as const,
};

/** GET /people: the landlord's people a picker offers for `purpose`, narrowed by role and by what the user typed. */
export function usePeople(q: PeopleQuery, enabled = true) {
  return useQuery({
    queryKey: peopleKeys.list(q),
    queryFn: ({ signal }) => unwrap(api.GET('/people', { params: { query: { purpose: q.purpose, role: q.role, search: q.search || undefined } }, signal })),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Those with a login (participants and recipients are logins), labelled by the person's own name, as records show them. */
export const loginsOf = (list: Person[] | undefined) =>
  (list ?? []).flatMap((p) => (p.user_id ? [{ ...p, user_id: p.user_id, label: p.user_name ?? p.name }] : []));
