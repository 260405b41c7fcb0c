import { describe, expect, it } from 'vitest';
import { compileAll, componentValidator, driftOf } from '../support/contract-check';

const entry = { id: 'a0000000-0000-4000-8000-000000000001', at: '2026-01-05T10:00:00.000Z', actor_name: 'Айгерим', event: 'task.created', comment: null };

describe('the contract the API tests hold the server to', () => {
  it('compiles every declared JSON answer of every operation (`nullable` only beside a type)', () => {
    expect(compileAll()).toBeGreaterThan(300);
  }, 60_000);

  it.each(['TaskHistoryEntry', 'RequestHistoryEntry', 'ViolationHistoryEntry', 'ContractHistoryEntry'])(
    '%s: null before the first status, a listed status after it, nothing else',
    (name) => {
      const valid = componentValidator(name);
      const first = name === 'ContractHistoryEntry' || name === 'ViolationHistoryEntry' ? 'draft' : 'new';
      expect(valid({ ...entry, from_status: null, to_status: first })).toBe(true);
      expect(valid({ ...entry, from_status: first, to_status: null })).toBe(true);
      expect(valid({ ...entry, from_status: 'nonsense', to_status: first })).toBe(false);
    },
  );

  it('an answer the calendar did not give yet is null; another word is not an answer', () => {
    const valid = componentValidator('CalendarParticipant');
    const participant = { user_id: 'a0000000-0000-4000-8000-000000000002', full_name: 'Ерлан', role: 'renter' };
    expect(valid({ ...participant, answer: null })).toBe(true);
    expect(valid({ ...participant, answer: 'going' })).toBe(true);
    expect(valid({ ...participant, answer: 'maybe' })).toBe(false);
  });

  it('refuses an undeclared status and a body off its schema; lets calls outside the API and unknown 404s through', () => {
    const answer = { method: 'GET', url: '/api/user', contentType: 'application/json' };
    const error = JSON.stringify({ error: { code: 'unsupported_media_type', message: 'x' } });
    expect(driftOf({ ...answer, status: 418, body: '{}' })).toMatch(/does not declare 418/);
    // `default` covers what any call may meet (415), never an operation's own refusal (403).
    expect(driftOf({ ...answer, status: 415, body: error })).toBeNull();
    expect(driftOf({ ...answer, url: '/api/auth/password-token/x', status: 403, body: error })).toMatch(/does not declare 403/);
    expect(driftOf({ ...answer, status: 200, body: '{"id":1}' })).toMatch(/body does not match/);
    expect(driftOf({ ...answer, url: '/storage/x.pdf', status: 200, body: '%PDF' })).toBeNull();
    expect(driftOf({ ...answer, url: '/api/no-such-call', status: 404, body: '{"error":{"code":"not_found","message":"x"}}' })).toBeNull();
  });
});
