import type { Harness } from './api-harness';
import { postForm } from './requests';

export const BIN = '123456789013'; // a valid check digit (src/shared/kz-ids.ts withCheckDigit)

/** The public questionnaire form (waiting list): a valid body, each submission from its own address. */
let ipSeq = 0;
export const nextIp = () => `10.77.${Math.floor(++ipSeq / 200)}.${ipSeq % 200}`;
export const form = (extra: Record<string, string | { data: Buffer; name: string; type?: string }> = {}) => ({
  bin_iin: BIN,
  company_name: 'ТОО Ромашка',
  brand_name: 'Romashka',
  category: 'Одежда',
  contact_full_name: 'Иванов Иван',
  email: 'ivanov@example.kz',
  phone: '+77011234567',
  min_area: '50',
  max_area: '120,5',
  water_supply: 'true',
  years_in_business: '7',
  ...extra,
});
export const submit = (h: Harness, linkId: string, fields: Parameters<typeof form>[0] = {}) =>
  postForm(h, `/public/application-forms/${linkId}`, form(fields), { ip: nextIp() });
