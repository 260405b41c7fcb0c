import type { Locales, TranslationFunctions } from '#/i18n/i18n-types';
import { baseLocale, i18n, isLocale } from '#/i18n/i18n-util';
import { loadAllLocales } from '#/i18n/i18n-util.sync';
import { notificationPath, sentence } from '#/shared/notification-sentence';
import type { Source } from '../deliveries/channel';
import type { PushMessage } from './transport';

loadAllLocales();
const translations = i18n();
/** The title of a message with no landlord (the superadmin's) and the bot's name for the product. */
export const PRODUCT = 'Mall CRM';

/** Text for HTML (a mail's body, a Telegram message in its HTML mode, which takes numeric entities too). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A browser's stored language, or ru (the product's default) when it is none we speak. */
const localeNamed = (language: string): Locales => (isLocale(language) ? language : baseLocale);
export const translatorOf = (language: string): TranslationFunctions => translations[localeNamed(language)];

/**
 * The push of an inbox row, as the inbox itself reads it (the SPA's own renderer, src/shared): the
 * landlord's name as the title (the product's for the superadmin), the sentence as the body, the
 * record's view as the link.
 */
export function messageOf(n: Source, language: string): PushMessage {
  return {
    title: n.landlordName ?? PRODUCT,
    body: sentence(translatorOf(language), { kind: n.kind, params: n.params }, localeNamed(language)),
    link: notificationPath({ kind: n.kind, params: n.params, subject: { type: n.subjectType, id: n.subjectId } }),
    notificationId: n.id,
  };
}

/** The /fcm-test push. */
export const testMessage = (language: string): PushMessage => ({
  title: PRODUCT,
  body: translatorOf(language).push.test.body(),
  link: '/fcm-test',
  notificationId: null,
});
