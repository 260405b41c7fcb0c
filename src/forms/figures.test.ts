import { describe, expect, it } from 'vitest';
import { asDecimal, isDigits, isMultiplier, isPrice, isQuantity, isWindowDay } from './figures';

describe('figures typed on a phone', () => {
  it('are sent as the contract’s exact decimals: spaces out, a comma as the point, nothing rounded', () => {
    expect(asDecimal('12 345,5')).toBe('12345.5');
    expect(asDecimal('\u00a01234.125 ')).toBe('1234.125');
    expect(asDecimal('0,1234')).toBe('0.1234');
  });

  it('take a dial’s figure with at most ten whole digits and three decimals', () => {
    expect(isQuantity('12345,678')).toBe(true);
    expect(isQuantity('0')).toBe(true);
    expect(isQuantity('1,2345')).toBe(false);
    expect(isQuantity('-5')).toBe(false);
    expect(isQuantity('12345678901')).toBe(false);
    expect(isQuantity('')).toBe(false);
    expect(isQuantity('1,2,3')).toBe(false);
  });

  it('take a transformer ratio above zero, digits 1–10, a price to four decimals, a window day 1–28', () => {
    expect(isMultiplier('40')).toBe(true);
    expect(isMultiplier('0,5')).toBe(true);
    expect(isMultiplier('0')).toBe(false);
    expect(isMultiplier('1234567')).toBe(false);
    expect([isDigits('1'), isDigits('10'), isDigits('0'), isDigits('11'), isDigits('6.5')]).toEqual([true, true, false, false, false]);
    expect([isPrice('25,5'), isPrice('25.1234'), isPrice('25.12345')]).toEqual([true, true, false]);
    expect([isWindowDay('1'), isWindowDay('31'), isWindowDay('32'), isWindowDay('0'), isWindowDay('05')]).toEqual([true, true, false, false, false]);
  });
});
