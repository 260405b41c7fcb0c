import { expect, it } from 'vitest';
import { addressKey } from './failed-login-limit';

it('keys an IPv6 address by its /64 and leaves IPv4 as it is', () => {
  expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
  expect(addressKey('::ffff:203.0.113.5')).toBe('::ffff:203.0.113.5');
  expect(addressKey('2001:db8:5:6::1')).toBe('2001:db8:5:6::/64');
  expect(addressKey('2001:0db8:0005:0006:ffff:1:2:3')).toBe('2001:db8:5:6::/64');
  expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
});
