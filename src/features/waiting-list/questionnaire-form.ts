import { type } from 'arktype';
import type { QuestionnaireForm } from '#/state/queries/questionnaires';
import { extraRules, rules } from '../../forms/rules';
import type { CrossChecks } from '../../forms/useAppForm';
import type { TranslationFunctions } from '../../i18n/i18n-types';

/** Every value is text, as the multipart body sends it; the groups are the form's cards. */
export type QuestionnaireValues = Required<QuestionnaireForm>;

export const groups = {
  company: ['bin_iin', 'company_name', 'legal_address', 'director_name', 'bank', 'bik', 'iik'],
  brand: [
    'brand_name',
    'category',
    'brand_country',
    'years_in_business',
    'segment',
    'stores_count',
    'media_link',
    'average_check',
    'turnover_per_sqm',
    'turnover_tenge',
  ],
  requirements: ['min_area', 'max_area', 'min_kw', 'max_kw', 'floor', 'store_format', 'water_supply', 'indoor_supply'],
  contacts: ['contact_full_name', 'email', 'phone', 'work_phone', 'comment', 'additional_info'],
  files: ['file_link1', 'file_link2'],
} as const satisfies Record<string, readonly (keyof QuestionnaireValues)[]>;

export const integerFields = new Set(['years_in_business', 'stores_count']);
export const decimalFields = new Set(['average_check', 'turnover_per_sqm', 'turnover_tenge', 'min_area', 'max_area', 'min_kw', 'max_kw']);
export const booleanFields = new Set(['water_supply', 'indoor_supply']);
export const longFields = new Set(['comment', 'additional_info']);

export const emptyQuestionnaire = Object.fromEntries(
  Object.values(groups)
    .flat()
    .map((k) => [k, '']),
) as QuestionnaireValues;

/** The seven fields a questionnaire cannot be sent without (marked on the form before the first submit). */
export const requiredFields: ReadonlySet<string> = new Set(['bin_iin', 'company_name', 'brand_name', 'category', 'contact_full_name', 'email', 'phone']);

/** The contract: seven required fields, numbers not below zero (min not above max: `questionnaireChecks`). */
export function questionnaireSchema(LL: TranslationFunctions) {
  const r = rules(LL);
  const x = extraRules(LL);
  const text = (max: number) => r.optionalText.and(r.max(max));
  // The contract's patterns (QuestionnaireForm in openapi.yaml), digit for digit. A blank value is left out of
  // the body (api.ts publicFormApi.send); any other is sent untrimmed, so it is tested as typed.
  const pattern = (re: RegExp) => type('string').narrow((v, ctx) => v.trim() === '' || re.test(v) || ctx.reject({ message: LL.validation.number() }));
  const years = pattern(/^\d{1,4}$/);
  const count = pattern(/^\d{1,6}$/);
  const money = pattern(/^\d{1,12}([.,]\d{1,2})?$/);
  const area = pattern(/^\d{1,8}([.,]\d{1,2})?$/);
  const kw = pattern(/^\d{1,6}([.,]\d{1,2})?$/);
  const fields = {
    bin_iin: x.binIin,
    company_name: r.required().and(r.max(200)),
    legal_address: text(500),
    director_name: text(200),
    bank: text(200),
    bik: text(20),
    iik: text(40),
    brand_name: r.required().and(r.max(200)),
    category: r.required().and(r.max(200)),
    brand_country: text(100),
    years_in_business: years,
    segment: text(100),
    stores_count: count,
    media_link: text(300),
    average_check: money,
    turnover_per_sqm: money,
    turnover_tenge: money,
    min_area: area,
    max_area: area,
    min_kw: kw,
    max_kw: kw,
    floor: text(50),
    store_format: text(100),
    water_supply: type("'true' | 'false' | ''"),
    indoor_supply: type("'true' | 'false' | ''"),
    contact_full_name: r.required().and(r.max(200)),
    email: r.requiredEmail,
    phone: r.phone,
    work_phone: text(30),
    comment: text(2000),
    additional_info: text(2000),
    file_link1: text(500),
    file_link2: text(500),
  };
  return type(fields);
}

/** A minimum not above its maximum, as the server checks it: told on the first submit with the rest. */
export function questionnaireChecks(LL: TranslationFunctions): CrossChecks<QuestionnaireValues> {
  const number = (v: string) => Number(v.trim().replace(',', '.'));
  const above = (min: string, max: string) => min.trim() !== '' && max.trim() !== '' && number(min) > number(max);
  return (v) => ({
    max_area: above(v.min_area, v.max_area) ? LL.validation.minAboveMax() : undefined,
    max_kw: above(v.min_kw, v.max_kw) ? LL.validation.minAboveMax() : undefined,
  });
}
