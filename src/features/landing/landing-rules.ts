import { type } from 'arktype';
import { rules } from '../../forms/rules';
import type { TranslationFunctions } from '../../i18n/i18n-types';

export type DemoValues = { name: string; company: string; email: string; phone: string };
export type SupportValues = { name: string; phone: string; message: string };

/** Spec §5: name or company required; email required and valid; phone optional. */
export function demoRules(LL: TranslationFunctions) {
  const r = rules(LL);
  return type({ name: r.max(100), company: r.max(200), email: r.requiredEmail, phone: r.optionalPhone }).narrow(
    (v, ctx) => Boolean(v.name.trim() || v.company.trim()) || ctx.reject({ path: ['name'], message: LL.validation.nameOrCompany() }),
  );
}

/** Spec §5: name and message required; phone optional. */
export function supportRules(LL: TranslationFunctions) {
  const r = rules(LL);
  return type({ name: r.required().and(r.max(100)), phone: r.optionalPhone, message: r.required().and(r.max(2000)) });
}
