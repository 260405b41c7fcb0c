import { type } from 'arktype';
import { expect, it } from 'vitest';
import { i18n } from '#/i18n/i18n-util';
import { loadAllLocales } from '#/i18n/i18n-util.sync';
import { rules } from './rules';

loadAllLocales();
const LL = i18n().ru;
const messageOf = (out: unknown) => (out instanceof type.errors ? out.summary : null);

it('a required phone left empty is "required", like every other field; a short one is told its form', () => {
  const { phone } = rules(LL);
  expect(messageOf(phone(''))).toBe(LL.validation.required());
  expect(messageOf(phone('+7'))).toBe(LL.validation.required());
  expect(messageOf(phone('+7701'))).toBe(LL.validation.phone());
  expect(messageOf(phone('+77011234567'))).toBeNull();
});
