import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '../../api/client';
import type { ListParams } from '../../lists/useListParams';

export type Renter = Schemas['Renter'];
export type RenterInput = Schemas['RenterInput'];
export type RoomOptionGroup = Schemas['RoomOptionGroup'];
export type RenterSort = 'legal_name' | '-legal_name' | 'created_at' | '-created_at';

export const renterKeys = {
  all: ['renters'] as const,
  one: (id: string) => ['renters', 'one', id] as const,
  rooms: ['renters', 'room-options'] as const,
};

export function useRenters(params: ListParams, objectId: string) {
  return useQuery({
    queryKey: [...renterKeys.all, 'list', params, objectId],
    queryFn: () =>
      unwrap(
        api.GET('/renters', {
          params: {
            query: {
              page: params.page,
              limit: params.limit,
              search: params.search || undefined,
              status: params.status,
              sort: params.sort as RenterSort,
              object_id: objectId || undefined,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useRenter(id: string) {
  return useQuery({ queryKey: renterKeys.one(id), queryFn: () => unwrap(api.GET('/renters/{id}', { params: { path: { id } } })) });
}

/** The landlord's objects and rooms: the form's room picker and the list's object filter. */
export function useRoomOptions() {
  return useQuery({ queryKey: renterKeys.rooms, queryFn: () => unwrap(api.GET('/renters/room-options')), staleTime: 60_000 });
}

export const renterApi = {
  create: (body: Schemas['RenterCreate']) => unwrap(api.POST('/renters', { body })),
  update: (id: string, body: RenterInput) => unwrap(api.PUT('/renters/{id}', { params: { path: { id } }, body })),
  remove: (id: string) => unwrap(api.DELETE('/renters/{id}', { params: { path: { id } } })),
  restore: (id: string) => unwrap(api.PUT('/renters/{id}/restore', { params: { path: { id } } })),
};
