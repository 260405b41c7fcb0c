import type { Locales } from './i18n-types';
import { isLocale } from './i18n-util';

// The choice is kept under `selectedLanguage`; ru is the default and the fallback.
export const LANGUAGE_KEY = 'selectedLanguage';
export const DEFAULT_LOCALE: Locales = 'ru';
export const LOCALES: Locales[] = ['ru', 'kk', 'en'];

export function readLocale(): Locales {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return stored && isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export function storeLocale(locale: Locales): void {
  localStorage.setItem(LANGUAGE_KEY, locale);
  document.documentElement.lang = locale;
}
