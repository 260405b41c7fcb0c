import { describe, expect, it } from 'vitest';
import { initials } from './Avatar';

describe('initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('  иван   петров сидорович ')).toBe('ИП');
    expect(initials('Aigerim')).toBe('A');
    expect(initials('')).toBe('');
  });
});
