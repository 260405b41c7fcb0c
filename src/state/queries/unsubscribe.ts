import { useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#/api/client';

export const unsubscribeKeys = { link: (token: string) => ['unsubscribe', token] as const };

/** What a mail's unsubscribe link would turn off (no retry: a refused link stays refused); reading it changes nothing. */
export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: unsubscribeKeys.link(token),
    queryFn: ({ signal }) => unwrap(api.GET('/unsubscribe/{token}', { params: { path: { token } }, signal })),
    enabled: token !== '',
    retry: false,
  });
}

/** Turns that kind's e-mail off; nothing cached changes (whoever follows the link may not be signed in). */
export const useUnsubscribe = () => useMutation({ mutationFn: (token: string) => unwrap(api.POST('/unsubscribe/{token}', { params: { path: { token } } })) });
