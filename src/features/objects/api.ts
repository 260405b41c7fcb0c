import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '../../api/client';
import type { ListParams } from '../../lists/useListParams';

export type MallObject = Schemas['MallObject'];
export type MallObjectInput = Schemas['MallObjectInput'];
export type Room = Schemas['Room'];
export type RoomInput = Schemas['RoomInput'];
export type ObjectSort = 'name' | '-name' | 'created_at' | '-created_at';

export const objectKeys = {
  all: ['objects'] as const,
  one: (id: string) => ['objects', 'one', id] as const,
  rooms: (id: string) => ['objects', 'rooms', id] as const,
};

export function useObjects(params: ListParams) {
  return useQuery({
    queryKey: [...objectKeys.all, 'list', params],
    queryFn: () =>
      unwrap(
        api.GET('/objects', { params: { query: { page: params.page, limit: params.limit, search: params.search || undefined, sort: params.sort as ObjectSort } } }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useObject(id: string) {
  return useQuery({ queryKey: objectKeys.one(id), queryFn: () => unwrap(api.GET('/objects/{id}', { params: { path: { id } } })) });
}

export function useRooms(objectId: string) {
  return useQuery({ queryKey: objectKeys.rooms(objectId), queryFn: () => unwrap(api.GET('/objects/{id}/rooms', { params: { path: { id: objectId } } })) });
}

const path = (id: string) => ({ params: { path: { id } } });

export const objectApi = {
  create: (body: Schemas['MallObjectCreate']) => unwrap(api.POST('/objects', { body })),
  update: (id: string, body: MallObjectInput) => unwrap(api.PUT('/objects/{id}', { ...path(id), body })),
  remove: (id: string) => unwrap(api.DELETE('/objects/{id}', path(id))),
  /** One multipart field `logo`; the server judges the file by its bytes. */
  uploadLogo: (id: string, file: File) =>
    unwrap(
      api.PUT('/objects/{id}/logo', {
        ...path(id),
        body: { logo: file as unknown as string },
        bodySerializer: (body) => {
          const form = new FormData();
          form.append('logo', body.logo as unknown as File);
          return form;
        },
      }),
    ),
  removeLogo: (id: string) => unwrap(api.DELETE('/objects/{id}/logo', path(id))),
  createRoom: (objectId: string, body: RoomInput) => unwrap(api.POST('/objects/{id}/rooms', { ...path(objectId), body })),
  updateRoom: (id: string, body: RoomInput) => unwrap(api.PUT('/rooms/{id}', { ...path(id), body })),
  removeRoom: (id: string) => unwrap(api.DELETE('/rooms/{id}', path(id))),
};
