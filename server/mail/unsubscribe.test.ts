import { describe, expect, it } from 'vitest';
import { unsubscribeTokens } from './unsubscribe';

const userId = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
const tokens = unsubscribeTokens('a-server-secret-of-at-least-32-characters');

describe('unsubscribe tokens', () => {
  it('carry the person and the kind, in letters, digits, - and _ only', () => {
    const token = tokens.tokenOf(userId, 'invoice.issued');
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(tokens.read(token)).toEqual({ userId, kind: 'invoice.issued' });
  });

  it('are refused when altered, signed by another server, for an unknown kind, or garbled', () => {
    const token = tokens.tokenOf(userId, 'invoice.issued');
    const other = tokens.tokenOf(userId, 'request.status');
    // Another kind's payload with this one's signature.
    expect(tokens.read(other.slice(0, -22) + token.slice(-22))).toBeNull();
    expect(tokens.read(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(unsubscribeTokens('another-server-secret-of-32-characters!').read(token)).toBeNull();
    expect(tokens.read(tokens.tokenOf(userId, 'lease.signed'))).toBeNull();
    for (const garbled of ['', 'x', `${token}.`, `${token}${token}`.repeat(3)]) expect(tokens.read(garbled)).toBeNull();
  });
});
