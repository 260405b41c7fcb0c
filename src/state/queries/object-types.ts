import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '#/api/client';
import { type ListParams, pageQuery } from '#/lists/useListParams';
import { type MutationCallbacks, useRefreshMutation } from '#/records/mutations';

export type ObjectType = Schemas['ObjectType'];
export type ObjectTypeNames = Schemas['ObjectTypeInput'];
export type ObjectTypeSort = 'name' | '-name';

// The pickers' list sits under `all`, so a change refreshes it too.
export const objectTypeKeys = {
  all: ['object-types'] as const,
  one: (id: string) => ['object-types', 'one', id] as const,
  options: ['object-types', 'options'] as const,
};

export function useObjectTypes(params: ListParams) {
  return useQuery({
    queryKey: [...objectTypeKeys.all, 'list', params],
    queryFn: ({ signal }) => unwrap(api.GET('/object-types', { params: { query: { ...pageQuery(params), sort: params.sort as ObjectTypeSort } }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useObjectType(id: string) {
  return useQuery({
    queryKey: objectTypeKeys.one(id),
    queryFn: ({ signal }) => unwrap(api.GET('/object-types/{id}', { params: { path: { id } }, signal })),
  });
}

/** Create (no id) or rename one type, in the three languages. */
export const useSaveObjectType = (id?: string) =>
  useRefreshMutation([objectTypeKeys.all], (names: ObjectTypeNames) => (id ? objectTypeApi.update(id, names) : objectTypeApi.create(names)));

/** Erase an unused type (types are not soft-deleted). */
export const useRemoveObjectType = (on?: MutationCallbacks<string>) => useRefreshMutation([objectTypeKeys.all], objectTypeApi.remove, on, { background: true });

export const objectTypeApi = {
  create: (names: ObjectTypeNames) => unwrap(api.POST('/object-types', { body: names })),
  update: (id: string, names: ObjectTypeNames) => unwrap(api.PUT('/object-types/{id}', { params: { path: { id } }, body: names })),
  remove: (id: string) => unwrap(api.DELETE('/object-types/{id}', { params: { path: { id } } })),
};

/** The whole catalogue of object types (it is short: kept by hand by the superadmin). */
export function useObjectTypeOptions() {
  return useQuery({
    queryKey: objectTypeKeys.options,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/object-types', { params: { query: { limit: 100 } }, signal }))).data,
  });
}
