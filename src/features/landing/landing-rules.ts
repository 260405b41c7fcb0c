import { type } from 'arktype';
import { rules } from '../../forms/rules';
import type { TranslationFunctions } from '../../i18n/i18n-types';

export type DemoValues = { name: string; company: string; email: string; phone: string };
export type SupportValues = { name: string; phone: string; message: string };

/**
 * Name or company required; email required and valid; phone optional. Every field is checked
 * in one pass, so a submit shows all the errors at once (a narrow after the fields' own types would
 * wait until they pass before saying "name or company").
 */
export function demoRules(LL: TranslationFunctions) {
  const r = rules(LL);
  const fields = { name: r.max(100), company: r.max(200), email: r.requiredEmail, phone: r.optionalPhone };
  return type({ name: 'string', company: 'string', email: 'string', phone: 'string' }).narrow((v, ctx) => {
    let ok = true;
    for (const [key, rule] of Object.entries(fields) as [keyof DemoValues, (typeof fields)[keyof DemoValues]][]) {
      const out = rule(v[key]);
      if (out instanceof type.errors) ok = ctx.reject({ path: [key], message: out[0]?.message ?? out.summary });
    }
    if (!v.name.trim() && !v.company.trim()) ok = ctx.reject({ path: ['name'], message: LL.validation.nameOrCompany() });
    return ok;
  });
}

/** Name and message required; phone optional. */
export function supportRules(LL: TranslationFunctions) {
  const r = rules(LL);
  return type({ name: r.required().and(r.max(100)), phone: r.optionalPhone, message: r.required().and(r.max(2000)) });
}
