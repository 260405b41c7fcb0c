import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '#/api/client';

/** The signed-in user's new password; the server signs out the other sessions, nothing cached changes. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { current_password: string; new_password: string }) => unwrap(api.POST('/auth/change-password', { body })),
  });
