// Meters' figures and tariffs as people type them, checked by the contract's patterns before sending.

/**
 * A figure as typed on a phone ("12 345,5") as the contract's exact decimal ("12345.5"): spaces out,
 * a comma as the point. Nothing is rounded: a value the contract refuses stays refused.
 */
export const asDecimal = (typed: string) => typed.replace(/[\s\u00a0]/g, '').replace(',', '.');

// The contract's patterns: a dial's figure (Quantity), a transformer ratio, a tariff's price in tenge.
const QUANTITY = /^\d{1,10}(\.\d{1,3})?$/;
const MULTIPLIER = /^\d{1,6}(\.\d{1,3})?$/;
const PRICE = /^\d{1,10}(\.\d{1,4})?$/;

export const isQuantity = (typed: string) => QUANTITY.test(asDecimal(typed));
/** A ratio of zero would bill nothing: at least one digit above zero. */
export const isMultiplier = (typed: string) => MULTIPLIER.test(asDecimal(typed)) && /[1-9]/.test(typed);
export const isDigits = (typed: string) => /^([1-9]|10)$/.test(typed.trim());
export const isPrice = (typed: string) => PRICE.test(asDecimal(typed));
/** A window's day: the contract allows 1–28, so every month has it. */
export const isWindowDay = (typed: string) => /^([1-9]|[12]\d|3[01])$/.test(typed.trim());
