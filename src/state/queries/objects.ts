import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, multipart, type Schemas, unwrap } from '#/api/client';
import { type ListParams, pageQuery } from '#/lists/useListParams';
import { type MutationCallbacks, useRefreshMutation } from '#/records/mutations';

export type MallObject = Schemas['MallObject'];
export type MallObjectInput = Schemas['MallObjectInput'];
export type Room = Schemas['Room'];
export type RoomInput = Schemas['RoomInput'];
export type ObjectSort = 'name' | '-name' | 'created_at' | '-created_at';

// Rooms and the pickers' list sit under `all`: any change of an object or a room refreshes them.
export const objectKeys = {
  all: ['objects'] as const,
  one: (id: string) => ['objects', 'one', id] as const,
  rooms: (id: string) => ['objects', 'rooms', id] as const,
  options: ['objects', 'options'] as const,
};

const path = (id: string) => ({ params: { path: { id } } });

export function useObjects(params: ListParams) {
  return useQuery({
    queryKey: [...objectKeys.all, 'list', params],
    queryFn: ({ signal }) => unwrap(api.GET('/objects', { params: { query: { ...pageQuery(params), sort: params.sort as ObjectSort } }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useObject(id: string) {
  return useQuery({ queryKey: objectKeys.one(id), queryFn: ({ signal }) => unwrap(api.GET('/objects/{id}', { ...path(id), signal })) });
}

/** An object's rooms (with who holds each today): its rooms table and the lease form's picker, which may have no object yet. */
export function useRooms(objectId: string) {
  return useQuery({
    queryKey: objectKeys.rooms(objectId),
    queryFn: ({ signal }) => unwrap(api.GET('/objects/{id}/rooms', { ...path(objectId), signal })),
    enabled: Boolean(objectId),
  });
}

/** Create (no id) or update one object; the superadmin names the landlord of a new one. */
export const useSaveObject = (id?: string) =>
  useRefreshMutation([objectKeys.all], (body: Schemas['MallObjectCreate']) => (id ? objectApi.update(id, body) : objectApi.create(body)));

/** Erase an object (the server refuses one with rooms). */
export const useRemoveObject = (on?: MutationCallbacks<string>) => useRefreshMutation([objectKeys.all], objectApi.remove, on, { background: true });

export const useUploadLogo = () => useRefreshMutation([objectKeys.all], ({ id, file }: { id: string; file: File }) => objectApi.uploadLogo(id, file));
export const useRemoveLogo = () => useRefreshMutation([objectKeys.all], objectApi.removeLogo);

/** Add a room to the object (no room id) or change one. */
export const useSaveRoom = (objectId: string, roomId: string | undefined, on?: MutationCallbacks<RoomInput>) =>
  useRefreshMutation([objectKeys.all], (input: RoomInput) => (roomId ? objectApi.updateRoom(roomId, input) : objectApi.createRoom(objectId, input)), on, {
    background: true,
  });

export const useRemoveRoom = (on?: MutationCallbacks<string>) => useRefreshMutation([objectKeys.all], objectApi.removeRoom, on, { background: true });

export const objectApi = {
  create: (body: Schemas['MallObjectCreate']) => unwrap(api.POST('/objects', { body })),
  update: (id: string, body: MallObjectInput) => unwrap(api.PUT('/objects/{id}', { ...path(id), body })),
  remove: (id: string) => unwrap(api.DELETE('/objects/{id}', path(id))),
  /** One multipart field `logo`; the server judges the file by its bytes. */
  uploadLogo: (id: string, file: File) => unwrap(api.PUT('/objects/{id}/logo', { ...path(id), ...multipart({ logo: file }) })),
  removeLogo: (id: string) => unwrap(api.DELETE('/objects/{id}/logo', path(id))),
  createRoom: (objectId: string, body: RoomInput) => unwrap(api.POST('/objects/{id}/rooms', { ...path(objectId), body })),
  updateRoom: (id: string, body: RoomInput) => unwrap(api.PUT('/rooms/{id}', { ...path(id), body })),
  removeRoom: (id: string) => unwrap(api.DELETE('/rooms/{id}', path(id))),
};

/** The caller's objects by name (the server scopes them to the landlord). */
export function useObjectOptions(enabled = true) {
  return useQuery({
    queryKey: objectKeys.options,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/objects', { params: { query: { limit: 100, sort: 'name' } }, signal }))).data,
    enabled,
    staleTime: 60_000,
  });
}
