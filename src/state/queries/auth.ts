import { useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '#/api/client';

export const authKeys = { passwordToken: (token: string) => ['password-token', token] as const };

/** The mailed link's token: whose password it sets, or a refusal (no retry: a spent token stays spent). */
export function usePasswordToken(token: string) {
  return useQuery({
    queryKey: authKeys.passwordToken(token),
    queryFn: ({ signal }) => unwrap(api.GET('/auth/password-token/{token}', { params: { path: { token } }, signal })),
    enabled: token !== '',
    retry: false,
  });
}

/** Sets the password through the token; nothing cached changes (the user is not signed in yet). */
export const useSetPassword = () =>
  useMutation({ mutationFn: (body: { token: string; password: string }) => unwrap(api.POST('/auth/set-password', { body })) });
