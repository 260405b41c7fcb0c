import { useEffect, useRef } from 'react';
import { useI18nContext } from '#/i18n/i18n-react';
import type { Locales } from '#/i18n/i18n-types';
import { useSaveLanguage } from '#/state/queries/profile';

/**
 * A switch of language while signed in is kept on the account (PUT /user/language): mails and pushes
 * follow it, and the next sign-in on any device opens in it (LoginPage). The language the app starts
 * in is not sent back: a reload must not undo a newer choice made on another device.
 */
export function useLanguageKept(userId: string | null) {
  const { locale } = useI18nContext();
  const save = useSaveLanguage().mutate;
  const shown = useRef<{ userId: string; language: Locales } | null>(null);
  useEffect(() => {
    if (!userId) {
      shown.current = null;
      return;
    }
    if (shown.current?.userId !== userId) {
      shown.current = { userId, language: locale };
      return;
    }
    if (locale === shown.current.language) return;
    shown.current.language = locale;
    save(locale);
  }, [userId, locale, save]);
}
