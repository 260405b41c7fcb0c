import { describe, expect, it } from 'vitest';
import { decimal, hundredths, indexed, percentOf, rentOf, sum } from './money';

describe('exact money', () => {
  it('reads and writes two decimals without a float', () => {
    expect(hundredths('12345.67')).toBe(1234567n);
    expect(hundredths('33.3')).toBe(3330n);
    expect(hundredths('7')).toBe(700n);
    expect(decimal(5n)).toBe('0.05');
    expect(decimal(-150n)).toBe('-1.50');
    expect(sum(['33.30', '33.3', '33.30'])).toBe('99.90');
    // A discount: negative, the fraction negative too.
    expect(hundredths('-1000.5')).toBe(-100050n);
    expect(hundredths('-0.05')).toBe(-5n);
    expect(sum(['5000.00', '-1000.50'])).toBe('3999.50');
  });
  it('rounds the rent half up to the tiyn', () => {
    // 99.90 × 12 345.67 = 1 233 332.4330
    expect(rentOf('99.90', '12345.67')).toBe('1233332.43');
    // 20.5 × 3000.33 = 61 506.765 → up
    expect(rentOf('20.50', '3000.33')).toBe('61506.77');
    // 0.01 × 0.01 = 0.0001 → 0.00
    expect(rentOf('0.01', '0.01')).toBe('0.00');
    // A float would give 0.1 + 0.2 trouble: 0.3 × 1 is exactly 0.30.
    expect(rentOf(sum(['0.1', '0.2']), '1')).toBe('0.30');
  });
  it('indexes a rate by a yearly percent', () => {
    expect(indexed('10000', '7.5')).toBe('10750.00');
    expect(indexed('999.99', '3.33')).toBe('1033.29');
    expect(indexed('100', null)).toBe('100.00');
  });
  it('takes a percent of an amount, half up to the tiyn (VAT)', () => {
    expect(percentOf('100000.00', '12')).toBe('12000.00');
    // 1 234.56 × 12 % = 148.1472 → 148.15
    expect(percentOf('1234.56', '12.00')).toBe('148.15');
    // 0.04 × 12 % = 0.0048 → 0.00; 0.05 × 10 % = 0.005 → 0.01 (half up)
    expect(percentOf('0.04', '12')).toBe('0.00');
    expect(percentOf('0.05', '10')).toBe('0.01');
  });
});
