import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '../../api/client';
import type { ListParams } from '../../lists/useListParams';

export type SocialLink = Schemas['SocialLink'];
export type SocialLinkInput = Schemas['SocialLinkInput'];
export type SocialLinkSort = 'created_at' | '-created_at' | 'network';

export const socialLinkKeys = { all: ['social-links'] as const, one: (id: string) => ['social-links', 'one', id] as const };

export function useSocialLinks(params: ListParams & { network?: Schemas['SocialNetwork'] }) {
  return useQuery({
    queryKey: [...socialLinkKeys.all, 'list', params],
    queryFn: () =>
      unwrap(
        api.GET('/social-networks', {
          params: {
            query: {
              page: params.page,
              limit: params.limit,
              search: params.search || undefined,
              status: params.status,
              sort: params.sort as SocialLinkSort,
              network: params.network,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSocialLink(id: string) {
  return useQuery({ queryKey: socialLinkKeys.one(id), queryFn: () => unwrap(api.GET('/social-networks/{id}', { params: { path: { id } } })) });
}

export const socialLinkApi = {
  create: (body: Schemas['SocialLinkCreate']) => unwrap(api.POST('/social-networks', { body })),
  update: (id: string, body: SocialLinkInput) => unwrap(api.PUT('/social-networks/{id}', { params: { path: { id } }, body })),
  remove: (id: string) => unwrap(api.DELETE('/social-networks/{id}', { params: { path: { id } } })),
  restore: (id: string) => unwrap(api.PUT('/social-networks/{id}/restore', { params: { path: { id } } })),
};
