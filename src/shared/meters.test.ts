import { describe, expect, it } from 'vitest';
import { canRollOver, consumption, quantity, thousandths } from './meters';

describe('meter quantities', () => {
  it('reads and writes exact thousandths', () => {
    expect(thousandths('12.5')).toBe(12500n);
    expect(thousandths('0.125')).toBe(125n);
    expect(thousandths('-3')).toBe(-3000n);
    expect(quantity(12500n)).toBe('12.500');
    expect(quantity(-125n)).toBe('-0.125');
    expect(() => thousandths('1.2345')).toThrow();
  });
  it('consumption is the difference times the multiplier, rounded half up', () => {
    expect(consumption('1000', '1250.5', 6, '1')).toBe('250.500');
    expect(consumption('100', '112.345', 6, '40')).toBe('493.800');
    expect(consumption('0', '0.001', 6, '1.5')).toBe('0.002');
  });
  it('a dial below its last figure rolled over past all nines', () => {
    expect(consumption('99990', '10', 5, '1')).toBe('20.000');
    expect(consumption('999999.5', '0.5', 6, '2')).toBe('2.000');
    expect(canRollOver('99990', 5)).toBe(true);
    expect(canRollOver('50000', 5)).toBe(false);
  });
});
