import { type } from 'arktype';
import { describe, expect, it } from 'vitest';
import { i18n } from '#/i18n/i18n-util';
import { loadAllLocales } from '#/i18n/i18n-util.sync';
import { demoRules } from './landing-rules';

loadAllLocales();
const LL = i18n().ru;

describe('the demo form rules', () => {
  it('name or company, the e-mail and the phone all refused in one pass', () => {
    const out = demoRules(LL)({ name: '', company: '', email: '', phone: '+7701' });
    expect(out).toBeInstanceOf(type.errors);
    const byField = Object.fromEntries((out as type.errors).map((e) => [e.path.join('.'), e.message]));
    expect(byField).toEqual({ name: LL.validation.nameOrCompany(), email: LL.validation.required(), phone: LL.validation.phone() });
  });

  it('passes a filled form', () => {
    expect(demoRules(LL)({ name: 'Айгерим', company: '', email: 'a@b.kz', phone: '' })).not.toBeInstanceOf(type.errors);
  });
});
