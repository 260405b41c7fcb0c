import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '#/api/client';
import { type ListParams, pageQuery } from '#/lists/useListParams';
import { type MutationCallbacks, type StatusChange, useRefreshMutation, useStatusMutation } from '#/records/mutations';

export type Renter = Schemas['Renter'];
export type RenterInput = Schemas['RenterInput'];
export type RoomOptionGroup = Schemas['RoomOptionGroup'];
export type RenterSort = 'legal_name' | '-legal_name' | 'created_at' | '-created_at';

export const renterKeys = {
  all: ['renters'] as const,
  one: (id: string) => ['renters', 'one', id] as const,
  rooms: ['renters', 'room-options'] as const,
  picker: ['renters', 'options', 'all'] as const,
  options: (objectId: string) => ['renters', 'options', objectId] as const,
};

export function useRenters(params: ListParams, objectId: string) {
  return useQuery({
    queryKey: [...renterKeys.all, 'list', params, objectId],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/renters', {
          params: {
            query: { ...pageQuery(params), status: params.status, sort: params.sort as RenterSort, object_id: objectId || undefined },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useRenter(id: string) {
  return useQuery({
    queryKey: renterKeys.one(id),
    queryFn: ({ signal }) => unwrap(api.GET('/renters/{id}', { params: { path: { id } }, signal })),
  });
}

/** The landlord's objects and rooms: the form's room picker and the list's object filter. */
export function useRoomOptions() {
  return useQuery({
    queryKey: renterKeys.rooms,
    queryFn: ({ signal }) => unwrap(api.GET('/renters/room-options', { signal })),
    staleTime: 60_000,
  });
}

/** Every active tenant of the landlord for the lease form's picker (the first 100). */
export function useRenterPicker(enabled = true) {
  return useQuery({
    enabled,
    queryKey: renterKeys.picker,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/renters', { params: { query: { limit: 100 } }, signal }))).data,
    staleTime: 60_000,
  });
}

type CreateBody = Schemas['RenterCreate'];

/**
 * A new renter, through `create` when it is made elsewhere (the waiting list's "make renter" sends it
 * from the questionnaire); the renters' lists and pickers are refreshed either way.
 */
export const useCreateRenter = (create: (body: CreateBody) => Promise<unknown> = renterApi.create) => useRefreshMutation([renterKeys.all], create);

export const useUpdateRenter = (id: string) => useRefreshMutation([renterKeys.all], (body: RenterInput) => renterApi.update(id, body));

export const useRenterStatus = (on?: MutationCallbacks<StatusChange>) => useStatusMutation(renterKeys.all, renterApi, on);

export const renterApi = {
  create: (body: Schemas['RenterCreate']) => unwrap(api.POST('/renters', { body })),
  update: (id: string, body: RenterInput) => unwrap(api.PUT('/renters/{id}', { params: { path: { id } }, body })),
  remove: (id: string) => unwrap(api.DELETE('/renters/{id}', { params: { path: { id } } })),
  restore: (id: string) => unwrap(api.PUT('/renters/{id}/restore', { params: { path: { id } } })),
};

/** An object's renters, for a picker (the first 100). */
export function useRenterOptions(objectId: string) {
  return useQuery({
    queryKey: renterKeys.options(objectId),
    queryFn: async ({ signal }) => (await unwrap(api.GET('/renters', { params: { query: { limit: 100, object_id: objectId } }, signal }))).data,
    enabled: Boolean(objectId),
  });
}
