import { expect, it } from 'vitest';
import { BADGE_CAP, badgeText } from './counts';

it('shows a badge as its count below the cap, and as 999+ at the cap', () => {
  expect(badgeText(0)).toBe('0');
  expect(badgeText(998)).toBe('998');
  expect(badgeText(999)).toBe('999');
  expect(badgeText(BADGE_CAP)).toBe('999+');
});
