import { describe, expect, it } from 'vitest';
import { isValidBinIin, withCheckDigit } from './kz-ids';

describe('IIN/BIN checksum', () => {
  it('accepts known valid numbers and completes a prefix with its check digit', () => {
    expect(withCheckDigit('95010130000')).toBe('950101300006');
    expect(isValidBinIin('950101300006')).toBe(true);
  });
  it('refuses a wrong check digit, wrong length and non-digits', () => {
    expect(isValidBinIin('950101300007')).toBe(false);
    expect(isValidBinIin('95010130000')).toBe(false);
    expect(isValidBinIin('9501013000a6')).toBe(false);
  });
  it('uses the second weights when the first sum gives 10', () => {
    for (let n = 0; n < 2000; n++) {
      const prefix = String(10000000000 + n * 7919).slice(0, 11);
      const full = withCheckDigit(prefix);
      if (full) expect(isValidBinIin(full)).toBe(true);
    }
  });
});
