import type { FastifyRequest } from 'fastify';
import type { Locales, TranslationFunctions } from '#/i18n/i18n-types';
import { i18n } from '#/i18n/i18n-util';
import { loadAllLocales } from '#/i18n/i18n-util.sync';

// The server answers in the SPA's own dictionaries, so a message is written once for both.
loadAllLocales();
const translations = i18n();
const supported: Locales[] = ['ru', 'kk', 'en'];

export type LL = TranslationFunctions;

/** The caller's language from Accept-Language (the SPA sends its selected language); ru otherwise. */
export function localeOf(req: FastifyRequest): Locales {
  const header = req.headers['accept-language'] ?? '';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    const hit = supported.find((l) => l === tag);
    if (hit) return hit;
  }
  return 'ru';
}

export function translatorFor(req: FastifyRequest): LL {
  return translations[localeOf(req)];
}

/** The texts in a person's own language (users.language): what is sent to someone is written in theirs, not the sender's. */
export function translatorIn(locale: Locales): LL {
  return translations[locale];
}
