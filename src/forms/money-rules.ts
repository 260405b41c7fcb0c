import { type } from 'arktype';
import type { TranslationFunctions } from '../i18n/i18n-types';
import { MONEY_PATTERN } from './rules';

/** Tenge fields (leases, payments, credit notes): worded in the leases' texts, which their screens load. */
export function moneyRules(LL: TranslationFunctions) {
  return {
    /** Tenge: "required" when empty, else the money rule. */
    money: type('string').narrow(
      (v, ctx) => MONEY_PATTERN.test(v.trim()) || ctx.reject({ message: v.trim() ? LL.contracts.errors.money() : LL.validation.required() }),
    ),
    optionalMoney: type('string').narrow((v, ctx) => v.trim() === '' || MONEY_PATTERN.test(v.trim()) || ctx.reject({ message: LL.contracts.errors.money() })),
  };
}
