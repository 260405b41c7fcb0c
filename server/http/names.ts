import type { Locales } from '#/i18n/i18n-types';
import { invalidField } from './errors';

/** The three names of a catalogue entry (request types, object types). */
export type Names = { nameRu: string; nameKk: string; nameEn: string };

/** A catalogue table's three name columns, to select as `Names`. */
export const namesOf = <T extends Record<keyof Names, unknown>>(t: T): Pick<T, keyof Names> => ({ nameRu: t.nameRu, nameKk: t.nameKk, nameEn: t.nameEn });

/** The name in the caller's language. */
export const nameIn = (names: Names, locale: Locales) => (locale === 'kk' ? names.nameKk : locale === 'en' ? names.nameEn : names.nameRu);

/** The names as written: trimmed, and none of them blank (a 400 on the first that is). */
export function namesFrom(input: { name_ru: string; name_kk: string; name_en: string }): Names {
  const names = { nameRu: input.name_ru.trim(), nameKk: input.name_kk.trim(), nameEn: input.name_en.trim() };
  for (const [field, value] of [
    ['name_ru', names.nameRu],
    ['name_kk', names.nameKk],
    ['name_en', names.nameEn],
  ] as const) {
    if (!value) throw invalidField(field, (ll) => ll.validation.required());
  }
  return names;
}
