import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '#/api/client';
import type { Locales } from '#/i18n/i18n-types';

/** The signed-in user's new password; the server signs out the other sessions, nothing cached changes. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { current_password: string; new_password: string }) => unwrap(api.POST('/auth/change-password', { body })),
  });

/** The signed-in user's language, chosen in the language switch: its app, mails and pushes speak it on every device. */
export const useSaveLanguage = () =>
  useMutation({
    mutationFn: (language: Locales) => unwrap(api.PUT('/user/language', { body: { language } })),
  });
