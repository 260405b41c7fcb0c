import { type } from 'arktype';
import type { TranslationFunctions } from '../i18n/i18n-types';
import { isValidBinIin } from '../shared/kz-ids';

// The SPA's copy of the contract's rules (openapi.yaml), with messages in the user's language.
// The server repeats every rule; these only spare the user a round trip. Every screen's forms use these,
// so their messages are the base dictionary's; a rule worded in an area's texts lives with that area.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\+7\d{10}$/;
/** Tenge as people type them: a decimal comma allowed, at most two decimals (the contract's Money). */
export const MONEY_PATTERN = /^\d{1,13}([.,]\d{1,2})?$/;

export function rules(LL: TranslationFunctions) {
  const required = (message: string = LL.validation.required()) => type(/\S/).configure({ message });
  return {
    required,
    max: (max: number) => type(`string <= ${max}`).configure({ message: LL.validation.maxLength({ max }) }),
    min: (min: number) => type(`string >= ${min}`).configure({ message: LL.validation.minLength({ min }) }),
    email: type(EMAIL_PATTERN).configure({ message: LL.validation.email() }),
    /** One message per state: "required" when empty, else the e-mail rule (an intersection would print both). */
    requiredEmail: type('string').narrow((v, ctx) =>
      v.trim() === '' ? ctx.reject({ message: LL.validation.required() }) : EMAIL_PATTERN.test(v.trim()) || ctx.reject({ message: LL.validation.email() }),
    ),
    /** Required phone: "required" when empty (or only the mask's +7), else +7 and ten digits. */
    phone: type('string').narrow((v, ctx) =>
      v.trim() === '' || v.trim() === '+7'
        ? ctx.reject({ message: LL.validation.required() })
        : PHONE_PATTERN.test(v) || ctx.reject({ message: LL.validation.phone() }),
    ),
    /** Optional phone: empty, or +7 and ten digits (what the +7 mask produces). */
    optionalPhone: type(/^(\+7\d{10})?$/).configure({ message: LL.validation.phone() }),
    optionalText: type('string'),
  };
}

/** Rules that need more than a pattern. */
export function extraRules(LL: TranslationFunctions) {
  return {
    /** Empty, or a 12-digit IIN/BIN with a valid check digit. */
    optionalBinIin: type('string').narrow((v, ctx) => v === '' || isValidBinIin(v) || ctx.reject({ message: LL.validation.binIin() })),
    binIin: type('string').narrow((v, ctx) => isValidBinIin(v) || ctx.reject({ message: v === '' ? LL.validation.required() : LL.validation.binIin() })),
    username: type(/^[A-Za-z0-9._-]{3,50}$/).configure({ message: LL.validation.username() }),
  };
}
