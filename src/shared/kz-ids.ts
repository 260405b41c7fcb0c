// Kazakhstan's IIN (people) and BIN (companies): 12 digits whose last one is a check digit.
// Shared by the SPA's forms and the server, which repeats every rule.
const WEIGHTS_1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const WEIGHTS_2 = [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2];

function checkDigit(digits: number[]): number | null {
  const sum = (weights: number[]) => weights.reduce((acc, w, i) => acc + w * (digits[i] ?? 0), 0) % 11;
  const first = sum(WEIGHTS_1);
  if (first !== 10) return first;
  const second = sum(WEIGHTS_2);
  return second === 10 ? null : second;
}

/** True for 12 digits with a valid check digit (the same rule serves IIN and BIN). */
export function isValidBinIin(value: string): boolean {
  if (!/^\d{12}$/.test(value)) return false;
  const digits = [...value].map(Number);
  return checkDigit(digits) === digits[11];
}

/** Completes 11 digits with their check digit, or null when no digit makes them valid (demo data, tests). */
export function withCheckDigit(first11: string): string | null {
  if (!/^\d{11}$/.test(first11)) return null;
  const digit = checkDigit([...first11].map(Number));
  return digit === null ? null : first11 + digit;
}

/**
 * An IBAN of a Kazakh bank account (ИИК): KZ, two check digits and 16 letters or digits, whose ISO 13616
 * check (the country and check digits moved to the end, letters as 10–35) leaves 1 modulo 97.
 */
export function isValidKzIban(value: string): boolean {
  if (!/^KZ\d{2}[0-9A-Z]{16}$/.test(value)) return false;
  const moved = value.slice(4) + value.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = Number.parseInt(ch, 36);
    rest = (n > 9 ? rest * 100 + n : rest * 10 + n) % 97;
  }
  return rest === 1;
}

/**
 * The landlord's bank requisites (billing settings) and what each must be when given: the BIN, the IBAN,
 * the bank's BIK (8 letters or digits), the beneficiary code Kbe (2 digits) and the payment purpose code
 * KNP (3 digits). Empty is allowed: an invoice says what is missing. The form and the server read this one table.
 */
export const requisiteRules = {
  bin: isValidBinIin,
  iik: isValidKzIban,
  bik: (v: string) => /^[0-9A-Z]{8}$/.test(v),
  kbe: (v: string) => /^\d{2}$/.test(v),
  knp: (v: string) => /^\d{3}$/.test(v),
} as const;
export type Requisite = keyof typeof requisiteRules;

/** As people type requisites: spaces dropped, letters in capitals (an IBAN is often written in groups of four). */
export const normalRequisite = (value: string) => value.replace(/\s+/g, '').toUpperCase();
