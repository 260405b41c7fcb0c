import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '#/api/client';
import { type ListParams, pageQuery } from '#/lists/useListParams';
import { type MutationCallbacks, type StatusChange, useRefreshMutation, useStatusMutation } from '#/records/mutations';

export type Landlord = Schemas['Landlord'];
export type LandlordInput = Schemas['LandlordInput'];
export type LandlordSort = 'name' | '-name' | 'created_at' | '-created_at';

export const landlordKeys = { all: ['landlords'] as const, one: (id: string) => ['landlords', 'one', id] as const, options: ['landlords', 'options'] as const };

export function useLandlords(params: ListParams) {
  return useQuery({
    queryKey: [...landlordKeys.all, 'list', params],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/landlords', {
          params: { query: { ...pageQuery(params), status: params.status, sort: params.sort as LandlordSort } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useLandlord(id: string) {
  return useQuery({
    queryKey: landlordKeys.one(id),
    queryFn: ({ signal }) => unwrap(api.GET('/landlords/{id}', { params: { path: { id } }, signal })),
  });
}

/** Create (no id: the organisation and its login) or update one landlord (the organisation only). */
export const useSaveLandlord = (id?: string) =>
  useRefreshMutation([landlordKeys.all], ({ username, full_name, login_email, language, ...card }: Schemas['LandlordCreate']) =>
    id ? landlordApi.update(id, card) : landlordApi.create({ ...card, username, full_name, login_email, language }),
  );

export const useLandlordStatus = (on?: MutationCallbacks<StatusChange>) => useStatusMutation(landlordKeys.all, landlordApi, on);

export const landlordApi = {
  create: (body: Schemas['LandlordCreate']) => unwrap(api.POST('/landlords', { body })),
  update: (id: string, body: LandlordInput) => unwrap(api.PUT('/landlords/{id}', { params: { path: { id } }, body })),
  remove: (id: string) => unwrap(api.DELETE('/landlords/{id}', { params: { path: { id } } })),
  restore: (id: string) => unwrap(api.PUT('/landlords/{id}/restore', { params: { path: { id } } })),
};

/** Every active landlord, for the superadmin's pickers. */
export function useLandlordOptions(enabled = true) {
  return useQuery({
    queryKey: landlordKeys.options,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/landlords', { params: { query: { limit: 100 } }, signal }))).data,
    enabled,
  });
}
