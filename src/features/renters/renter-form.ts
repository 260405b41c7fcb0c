import { type } from 'arktype';
import type { Renter, RenterInput } from '#/state/queries/renters';
import { languageRule } from '../../forms/LanguageSelect';
import { EMAIL_PATTERN, extraRules, PHONE_PATTERN, rules } from '../../forms/rules';
import { formatInput } from '../../i18n/formatters';
import type { Locales, TranslationFunctions } from '../../i18n/i18n-types';
import { INSTAGRAM_PATTERN, isHttpUrl } from '../../shared/web-links';

/** The form's values: every input is text; trade_area becomes a number on the way out. */
export type RenterValues = {
  legal_name: string;
  bin_iin: string;
  trade_point_name: string;
  trade_category: string;
  room_id: string;
  lease_contract_date: string;
  trade_area: string;
  contact_full_name: string;
  contact_position: string;
  phone: string;
  email: string;
  instagram: string;
  website: string;
  legal_address: string;
  username: string;
  language: string;
};

export const emptyRenter: RenterValues = {
  legal_name: '',
  bin_iin: '',
  trade_point_name: '',
  trade_category: '',
  room_id: '',
  lease_contract_date: '',
  trade_area: '',
  contact_full_name: '',
  contact_position: '',
  phone: '',
  email: '',
  instagram: '',
  website: '',
  legal_address: '',
  username: '',
  language: '',
};

export function valuesOf(r: Renter, locale: Locales): RenterValues {
  return {
    legal_name: r.legal_name,
    bin_iin: r.bin_iin,
    trade_point_name: r.trade_point_name,
    trade_category: r.trade_category,
    room_id: r.room_id,
    lease_contract_date: r.lease_contract_date,
    trade_area: formatInput(r.trade_area, locale),
    contact_full_name: r.contact_full_name,
    contact_position: r.contact_position,
    phone: r.phone,
    email: r.email,
    instagram: r.instagram ?? '',
    website: r.website ?? '',
    legal_address: r.legal_address,
    username: r.username,
    language: r.language,
  };
}

/** A decimal as people type it in Kazakhstan and Russia: a comma or a dot. */
const parseArea = (v: string) => Number(v.trim().replace(',', '.'));

export function inputOf({ username: _username, ...v }: RenterValues): RenterInput {
  return { ...v, trade_area: parseArea(v.trade_area), instagram: v.instagram.trim(), website: v.website.trim(), language: v.language as Locales };
}

/** Every field is required but instagram and website; the contract's rules, in the user's language. */
export function renterSchema(LL: TranslationFunctions, creating: boolean) {
  const r = rules(LL);
  const x = extraRules(LL);
  const text = (max = 200) => r.required().and(r.max(max));
  const needed = (ok: (v: string) => boolean, message: () => string) =>
    type('string').narrow((v, ctx) => (v.trim() !== '' && ok(v.trim())) || ctx.reject({ message: v.trim() === '' ? LL.validation.required() : message() }));
  const optional = (ok: (v: string) => boolean, message: () => string) =>
    type('string').narrow((v, ctx) => v.trim() === '' || ok(v.trim()) || ctx.reject({ message: message() }));
  return type({
    legal_name: text(),
    bin_iin: x.binIin,
    trade_point_name: text(),
    trade_category: text(),
    room_id: r.required(),
    lease_contract_date: needed((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), LL.validation.required),
    trade_area: type('string').narrow((v, ctx) => {
      const area = parseArea(v);
      if (v.trim() === '') return ctx.reject({ message: LL.validation.required() });
      if (Number.isNaN(area)) return ctx.reject({ message: LL.validation.number() });
      return (area > 0 && area <= 1_000_000) || ctx.reject({ message: LL.validation.positive() });
    }),
    contact_full_name: text(),
    contact_position: text(),
    phone: needed((v) => PHONE_PATTERN.test(v), LL.validation.phone),
    email: needed((v) => EMAIL_PATTERN.test(v), LL.validation.email),
    instagram: optional((v) => INSTAGRAM_PATTERN.test(v), LL.validation.instagram),
    website: optional(isHttpUrl, LL.validation.url),
    legal_address: text(500),
    username: creating ? x.username : r.optionalText,
    language: languageRule,
  });
}
