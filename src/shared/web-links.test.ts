import { describe, expect, it } from 'vitest';
import { INSTAGRAM_PATTERN, isHttpUrl } from './web-links';

describe('renter contact links', () => {
  it('takes @name or an instagram.com profile link', () => {
    for (const ok of ['@mall.kz', '@dana_fashion', 'https://instagram.com/dana', 'https://www.instagram.com/dana.kz/', 'http://instagram.com/x?igsh=abc']) {
      expect(INSTAGRAM_PATTERN.test(ok), ok).toBe(true);
    }
    for (const bad of ['dana', '@', '@bad name', 'https://facebook.com/dana', 'https://instagram.com/', 'instagram.com/dana']) {
      expect(INSTAGRAM_PATTERN.test(bad), bad).toBe(false);
    }
  });

  it('takes absolute http(s) links to a named host', () => {
    for (const ok of ['https://mall.kz', 'http://shop.mall.kz/path?q=1']) expect(isHttpUrl(ok), ok).toBe(true);
    for (const bad of ['mall.kz', 'ftp://mall.kz', 'https://localhost', 'javascript:alert(1)', '']) expect(isHttpUrl(bad), bad).toBe(false);
  });
});
