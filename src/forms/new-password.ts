import { type } from 'arktype';
import type { TranslationFunctions } from '../i18n/i18n-types';
import { rules } from './rules';

/** New password + its repetition, as the contract's NewPassword (8..200) says. */
export const NEW_PASSWORD_MIN = 8;

export function newPasswordSchema(LL: TranslationFunctions) {
  const r = rules(LL);
  return type({ password: r.min(NEW_PASSWORD_MIN).and(r.max(200)), confirm: 'string' }).narrow(
    (v, ctx) => v.password === v.confirm || ctx.reject({ path: ['confirm'], message: LL.validation.passwordsMismatch() }),
  );
}
