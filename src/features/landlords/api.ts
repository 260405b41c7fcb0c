import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '../../api/client';
import type { ListParams } from '../../lists/useListParams';

export type Landlord = Schemas['Landlord'];
export type LandlordInput = Schemas['LandlordInput'];
export type LandlordSort = 'name' | '-name' | 'created_at' | '-created_at';

export const landlordKeys = { all: ['landlords'] as const, one: (id: string) => ['landlords', 'one', id] as const };

export function useLandlords(params: ListParams) {
  return useQuery({
    queryKey: [...landlordKeys.all, 'list', params],
    queryFn: () =>
      unwrap(
        api.GET('/landlords', {
          params: { query: { page: params.page, limit: params.limit, search: params.search || undefined, status: params.status, sort: params.sort as LandlordSort } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useLandlord(id: string) {
  return useQuery({ queryKey: landlordKeys.one(id), queryFn: () => unwrap(api.GET('/landlords/{id}', { params: { path: { id } } })) });
}

export const landlordApi = {
  create: (body: Schemas['LandlordCreate']) => unwrap(api.POST('/landlords', { body })),
  update: (id: string, body: LandlordInput) => unwrap(api.PUT('/landlords/{id}', { params: { path: { id } }, body })),
  remove: (id: string) => unwrap(api.DELETE('/landlords/{id}', { params: { path: { id } } })),
  restore: (id: string) => unwrap(api.PUT('/landlords/{id}/restore', { params: { path: { id } } })),
};
