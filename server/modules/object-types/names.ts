import type { Locales } from '#/i18n/i18n-types';

export type Names = { nameRu: string; nameKk: string; nameEn: string };

/** A catalogue entry's name in the caller's language (object types, like request types, have three). */
export const nameIn = (names: Names, locale: Locales) => (locale === 'kk' ? names.nameKk : locale === 'en' ? names.nameEn : names.nameRu);
