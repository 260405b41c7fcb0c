import { useCallback, useEffect, useState } from 'react';
import { useI18nContext } from './i18n-react';
import type { Locales, Namespaces, Translations } from './i18n-types';
import { loadedLocales } from './i18n-util';
import { loadFormatters, loadLocaleAsync, loadNamespaceAsync } from './i18n-util.async';
import { readLocale, storeLocale } from './locale';
import ru from './ru';

/**
 * ru's base dictionary (the default) comes with the app; kk's and en's are fetched when chosen, so a page
 * downloads one language, not three. An area's namespace (ru/billing/, ...) comes with the screens that
 * show it, in the language in use (`loadNamespaces`, started by the route table beside the page's code).
 * The generated i18n-util.sync loads everything: that one is for the server.
 */

/** Every namespace a screen asked for: a new language brings them with its base, so the open screens keep their texts. */
const wanted = new Set<Namespaces>();
/** What is in: a locale's base (`kk`) and its namespaces (`kk/billing`). */
const loaded = new Set<string>();
const inFlight = new Map<string, Promise<void>>();

/** One load per key at a time; a failed one is tried again by the next call. */
function once(key: string, load: () => Promise<void>): Promise<void> {
  let found = inFlight.get(key);
  if (!found) {
    found = load().then(
      () => {
        loaded.add(key);
      },
      (error: unknown) => {
        inFlight.delete(key);
        throw error;
      },
    );
    inFlight.set(key, found);
  }
  return found;
}

export function loadBaseLocale(): void {
  // Merged: a namespace the first page asked for may already be in.
  loadedLocales.ru = { ...loadedLocales.ru, ...(ru as unknown as Translations) };
  loadFormatters('ru');
  loaded.add('ru');
}

const ensureBase = (locale: Locales) => (loaded.has(locale) ? undefined : once(locale, () => loadLocaleAsync(locale)));

/** Whether `locale`'s texts of every one of `namespaces` are in. */
export const hasNamespaces = (locale: Locales, namespaces: readonly Namespaces[]) => namespaces.every((ns) => loaded.has(`${locale}/${ns}`));

/** Loads `namespaces` in `locale` (the language in use when none is given) and remembers them for a language switch. */
export function loadNamespaces(namespaces: readonly Namespaces[], locale: Locales = readLocale()): Promise<unknown> {
  for (const ns of namespaces) wanted.add(ns);
  return Promise.all(namespaces.map((ns) => once(`${locale}/${ns}`, () => loadNamespaceAsync(locale, ns))));
}

/** Resolves once `locale`'s base dictionary and every namespace asked for so far are loaded; switch to a language only after this. */
export async function ensureLocale(locale: Locales): Promise<void> {
  await Promise.all([ensureBase(locale), loadNamespaces([...wanted], locale)]);
  // A screen may have asked for another namespace meanwhile.
  if (!hasNamespaces(locale, [...wanted])) await ensureLocale(locale);
}

/** Switches the app to `next` once its dictionaries are here, and keeps the choice for the next visit. */
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

/** For a view that prints in several languages at once (base texts only): true when all of them are loaded. */
export function useLocalesLoaded(locales: Locales[]): boolean {
  const [ready, setReady] = useState(() => locales.every((l) => loaded.has(l)));
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

export const ensureLocales = (locales: Locales[]) => Promise.all(locales.map(ensureBase));
