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
