import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '#/api/client';
import { type ListParams, pageQuery } from '#/lists/useListParams';
import { type MutationCallbacks, type StatusChange, useRefreshMutation, useStatusMutation } from '#/records/mutations';

export type SocialLink = Schemas['SocialLink'];
export type SocialLinkInput = Schemas['SocialLinkInput'];
export type SocialLinkSort = 'created_at' | '-created_at' | 'network';

// The renter's home block sits under `all`, so a change refreshes it too.
export const socialLinkKeys = {
  all: ['social-links'] as const,
  one: (id: string) => ['social-links', 'one', id] as const,
  home: ['social-links', 'home'] as const,
};

export function useSocialLinks(params: ListParams & { network?: Schemas['SocialNetwork'] }) {
  return useQuery({
    queryKey: [...socialLinkKeys.all, 'list', params],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/social-networks', {
          params: { query: { ...pageQuery(params), status: params.status, sort: params.sort as SocialLinkSort, network: params.network } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSocialLink(id: string) {
  return useQuery({
    queryKey: socialLinkKeys.one(id),
    queryFn: ({ signal }) => unwrap(api.GET('/social-networks/{id}', { params: { path: { id } }, signal })),
  });
}

/** Create (no id) or update one link. */
export const useSaveSocialLink = (id?: string) =>
  useRefreshMutation([socialLinkKeys.all], (body: Schemas['SocialLinkCreate']) => (id ? socialLinkApi.update(id, body) : socialLinkApi.create(body)));

export const useSocialLinkStatus = (on?: MutationCallbacks<StatusChange>) => useStatusMutation(socialLinkKeys.all, socialLinkApi, on);

export const socialLinkApi = {
  create: (body: Schemas['SocialLinkCreate']) => unwrap(api.POST('/social-networks', { body })),
  update: (id: string, body: SocialLinkInput) => unwrap(api.PUT('/social-networks/{id}', { params: { path: { id } }, body })),
  remove: (id: string) => unwrap(api.DELETE('/social-networks/{id}', { params: { path: { id } } })),
  restore: (id: string) => unwrap(api.PUT('/social-networks/{id}/restore', { params: { path: { id } } })),
};

/** The landlord's active links on a renter's home (the server scopes them to the renter's landlord). */
export function useHomeSocialLinks() {
  return useQuery({
    queryKey: socialLinkKeys.home,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/social-networks', { params: { query: { limit: 100 } }, signal }))).data,
  });
}
