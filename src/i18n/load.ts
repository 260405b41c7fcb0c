import { useCallback, useEffect, useState } from 'react';
import { useI18nContext } from './i18n-react';
import type { Locales, Translations } from './i18n-types';
import { loadedLocales } from './i18n-util';
import { loadFormatters, loadLocaleAsync } from './i18n-util.async';
import { storeLocale } from './locale';
import ru from './ru';

/**
 * ru (the default and the fallback) comes with the app; kk and en are fetched when chosen,
 * so a page downloads one dictionary, not three. (The generated i18n-util.sync loads all three:
 * that one is for the server.)
 */
export function loadBaseLocale(): void {
  loadedLocales.ru = ru as unknown as Translations;
  loadFormatters('ru');
}

/** Resolves once `locale`'s dictionary is loaded; switch to a language only after this. */
export async function ensureLocale(locale: Locales): Promise<void> {
  if (!loadedLocales[locale]) await loadLocaleAsync(locale);
}

/** Switches the app to `next` once its dictionary is here, and keeps the choice for the next visit. */
export function useChooseLocale(): (next: Locales) => Promise<void> {
  const { setLocale } = useI18nContext();
  return useCallback(
    async (next) => {
      await ensureLocale(next);
      storeLocale(next);
      setLocale(next);
    },
    [setLocale],
  );
}

export const ensureLocales = (locales: Locales[]) => Promise.all(locales.map(ensureLocale));

/** For a view that prints in several languages at once: true when all of them are loaded. */
export function useLocalesLoaded(locales: Locales[]): boolean {
  const [ready, setReady] = useState(() => locales.every((l) => loadedLocales[l]));
  useEffect(() => {
    if (ready) return;
    let live = true;
    void ensureLocales(locales).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready, locales]);
  return ready;
}
