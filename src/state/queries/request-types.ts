import { useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '#/api/client';
import { useRefreshMutation } from '#/records/mutations';

export type RequestType = Schemas['RequestType'];
export type RequestTypeValues = { name_ru: string; name_kk: string; name_en: string; kind: string; default_resolve_hours: string };

// The superadmin's catalogue; the landlords' own settings of these types live in Settings.
export const requestTypeKeys = { catalogue: ['request-types', 'catalogue'] as const, kinds: ['request-kinds'] as const };

export function useRequestTypeCatalogue() {
  return useQuery({ queryKey: requestTypeKeys.catalogue, queryFn: ({ signal }) => unwrap(api.GET('/type-request', { signal })) });
}

/** Add a type (no id) or change one; the names are sent trimmed, the numbers as numbers. */
export const useSaveRequestType = (id?: string) =>
  useRefreshMutation([requestTypeKeys.catalogue], (v: RequestTypeValues) => {
    const body = {
      name_ru: v.name_ru.trim(),
      name_kk: v.name_kk.trim(),
      name_en: v.name_en.trim(),
      kind: Number(v.kind) as 12 | 13,
      default_resolve_hours: Number(v.default_resolve_hours),
    };
    return id ? unwrap(api.PUT('/type-request/{id}', { params: { path: { id } }, body })) : unwrap(api.POST('/type-request', { body }));
  });

/** Kinds of request types (12 renters', 13 visitors'): Settings and the superadmin's catalogue; rarely change, so kept for the session. */
export function useRequestKinds() {
  return useQuery({
    queryKey: requestTypeKeys.kinds,
    queryFn: ({ signal }) => unwrap(api.GET('/get-kind', { signal })),
    staleTime: Infinity,
  });
}
