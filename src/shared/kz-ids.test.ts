import { describe, expect, it } from 'vitest';
import { isValidBinIin, isValidKzIban, normalRequisite, requisiteRules, withCheckDigit } from './kz-ids';

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

describe('bank requisites', () => {
  it('checks an IBAN KZ by ISO 13616 mod 97', () => {
    // Real-shaped KZ IBANs: 20 characters, the check digits right.
    expect(isValidKzIban('KZ86125KZT5004100100')).toBe(true);
    expect(isValidKzIban('KZ75125KZT2069100100')).toBe(true);
    // One character changed, two swapped, wrong country, wrong length, lower case.
    expect(isValidKzIban('KZ86125KZT5004100101')).toBe(false);
    expect(isValidKzIban('KZ86125KZT5004101000')).toBe(false);
    expect(isValidKzIban('DE86125KZT5004100100')).toBe(false);
    expect(isValidKzIban('KZ86125KZT500410010')).toBe(false);
    expect(isValidKzIban('kz86125kzt5004100100')).toBe(false);
  });

  it('reads requisites as people type them and checks BIK, Kbe and KNP by shape', () => {
    expect(normalRequisite(' kz86 125K ZT50 0410 0100 ')).toBe('KZ86125KZT5004100100');
    expect(requisiteRules.iik(normalRequisite('kz86 125k zt50 0410 0100'))).toBe(true);
    expect(requisiteRules.bik('KCJBKZKX')).toBe(true);
    expect(requisiteRules.bik('KCJBKZK')).toBe(false);
    expect(requisiteRules.bik('KCJB-ZKX')).toBe(false);
    expect(requisiteRules.kbe('17')).toBe(true);
    expect(requisiteRules.kbe('170')).toBe(false);
    expect(requisiteRules.knp('859')).toBe(true);
    expect(requisiteRules.knp('85')).toBe(false);
  });
});
