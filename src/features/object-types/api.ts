import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '../../api/client';
import type { ListParams } from '../../lists/useListParams';

export type ObjectType = Schemas['ObjectType'];
export type ObjectTypeSort = 'name' | '-name';

export const objectTypeKeys = { all: ['object-types'] as const, one: (id: string) => ['object-types', 'one', id] as const };

export function useObjectTypes(params: ListParams) {
  return useQuery({
    queryKey: [...objectTypeKeys.all, 'list', params],
    queryFn: () =>
      unwrap(
        api.GET('/object-types', { params: { query: { page: params.page, limit: params.limit, search: params.search || undefined, sort: params.sort as ObjectTypeSort } } }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useObjectType(id: string) {
  return useQuery({ queryKey: objectTypeKeys.one(id), queryFn: () => unwrap(api.GET('/object-types/{id}', { params: { path: { id } } })) });
}

export const objectTypeApi = {
  create: (name: string) => unwrap(api.POST('/object-types', { body: { name } })),
  update: (id: string, name: string) => unwrap(api.PUT('/object-types/{id}', { params: { path: { id } }, body: { name } })),
  remove: (id: string) => unwrap(api.DELETE('/object-types/{id}', { params: { path: { id } } })),
};
