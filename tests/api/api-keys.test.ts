import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { KEY_MODULES, scopeOfOperation } from '#/shared/api-key-scopes';
import { apiKeys } from '#server/db/schema';
import { describeEachDatabase, type Harness } from '../support/api-harness';
import { contractOperations, type Operation } from '../support/fuzz-variants';

const ALL_SCOPES = KEY_MODULES.flatMap((m) => [`${m}:read`, `${m}:write`]);

/** Makes a key as the landlord signed in with `token`; answers its id and secret. */
async function makeKey(h: Harness, token: string, scopes: string[], extra: Record<string, unknown> = {}) {
  const res = await h.api('/api-keys', { token, body: { name: `key ${scopes.join(' ')}`.slice(0, 100), scopes, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as string, secret: res.body.secret as string };
}

describeEachDatabase('API keys: made by the landlord, acting as it within their scopes', (h) => {
  const t = { landlord: '', landlord2: '', employee: '', renter: '' };
  beforeAll(async () => {
    for (const who of Object.keys(t) as Array<keyof typeof t>) t[who] = await h.login(who);
  });

  it('the landlord makes a key: its secret is answered once, the list shows it without the secret', async () => {
    const res = await h.api('/api-keys', { token: t.landlord, body: { name: ' 1С ', scopes: ['requests:write', 'requests:read', 'renters:read'] } });
    expect(res.status).toBe(201);
    expect(res.body.secret).toMatch(/^mck_[\w-]{43}$/);
    expect(res.body).toMatchObject({
      name: '1С',
      scopes: ['renters:read', 'requests:read', 'requests:write'],
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    });
    expect(res.body.secret.startsWith(res.body.hint)).toBe(true);
    const [stored] = await h.db.select().from(apiKeys).where(eq(apiKeys.id, res.body.id));
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(res.body.secret);
    const list = await h.api('/api-keys', { token: t.landlord });
    const listed = list.body.data.find((k: { id: string }) => k.id === res.body.id);
    expect(listed).toMatchObject({ name: '1С', hint: res.body.hint });
    expect(listed.secret).toBeUndefined();
    expect((await h.api('/api-keys', { token: t.landlord2 })).body.data.map((k: { id: string }) => k.id)).not.toContain(res.body.id);
  });

  it('only the landlord manages keys: an employee and a renter hear 403, and so does a key', async () => {
    for (const token of [t.employee, t.renter]) {
      expect((await h.api('/api-keys', { token })).status).toBe(403);
      expect((await h.api('/api-keys', { token, body: { name: 'x', scopes: ['requests:read'] } })).status).toBe(403);
    }
    const key = await makeKey(h, t.landlord, ALL_SCOPES);
    const res = await h.api('/api-keys', { token: key.secret, body: { name: 'x', scopes: ['requests:read'] } });
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 403, code: 'key_scope' });
    expect((await h.api('/user', { token: key.secret })).status).toBe(403);
  });

  it('a key reads what its landlord reads, and writes only with the write scope', async () => {
    const reader = await makeKey(h, t.landlord, ['requests:read']);
    const asKey = await h.api('/requests', { token: reader.secret });
    const asLandlord = await h.api('/requests', { token: t.landlord });
    expect(asKey.status).toBe(200);
    expect(asKey.body.meta.total).toBe(asLandlord.body.meta.total);
    const types = await h.api('/type-request', { token: t.landlord });
    const objects = await h.api('/objects', { token: t.landlord });
    const body = { type_id: types.body[0]?.id ?? types.body.data?.[0]?.id, object_id: objects.body.data[0].id, description: 'Не работает эскалатор' };
    const refused = await h.api('/requests', { token: reader.secret, body, lang: 'en' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'key_scope', message: 'The API key has no scope for this operation' });
    const writer = await makeKey(h, t.landlord, ['requests:write']);
    const created = await h.api('/requests', { token: writer.secret, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The key acts as its landlord's user: the history names the landlord.
    const me = await h.api('/user', { token: t.landlord });
    expect(created.body.history.map((e: { actor_name: string }) => e.actor_name)).toContain(me.body.full_name);
    // Write implies read.
    expect((await h.api(`/requests/${created.body.id}`, { token: writer.secret })).status).toBe(200);
    expect((await h.api(`/requests/${created.body.id}`, { token: (await makeKey(h, t.landlord2, ['requests:read'])).secret })).status).toBe(404);
  });

  it('an expired or revoked key answers 401; another landlord revoking it hears 404', async () => {
    const key = await makeKey(h, t.landlord, ['requests:read']);
    expect((await h.api('/requests', { token: key.secret })).status).toBe(200);
    expect((await h.api(`/api-keys/${key.id}`, { method: 'DELETE', token: t.landlord2 })).status).toBe(404);
    expect((await h.api('/requests', { token: key.secret })).status).toBe(200);
    expect((await h.api(`/api-keys/${key.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
    const revoked = await h.api('/requests', { token: key.secret });
    expect({ status: revoked.status, code: revoked.body.error.code }).toEqual({ status: 401, code: 'unauthorized' });
    const listed = (await h.api('/api-keys', { token: t.landlord })).body.data.find((k: { id: string }) => k.id === key.id);
    expect(listed.revoked_at).not.toBeNull();

    const soon = await makeKey(h, t.landlord, ['requests:read'], { expires_at: new Date(Date.now() + 3600_000).toISOString() });
    expect((await h.api('/requests', { token: soon.secret })).status).toBe(200);
    await h.db.update(apiKeys).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(apiKeys.id, soon.id));
    expect((await h.api('/requests', { token: soon.secret })).status).toBe(401);
    const past = await h.api('/api-keys', {
      token: t.landlord,
      lang: 'en',
      body: { name: 'old', scopes: ['requests:read'], expires_at: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toEqual({ expires_at: 'The date must be in the future' });
    expect((await h.api('/requests', { token: 'mck_unknown' })).status).toBe(401);
  });

  it('the last use is recorded, at most once a minute', async () => {
    const key = await makeKey(h, t.landlord, ['requests:read']);
    await h.api('/requests', { token: key.secret });
    const [first] = await h.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(first?.at).toBeInstanceOf(Date);
    await h.api('/requests', { token: key.secret });
    const [second] = await h.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(second?.at?.getTime()).toBe(first?.at?.getTime());
    await h.db.update(apiKeys).set({ lastUsedAt: sql`now() - interval '2 minutes'` }).where(eq(apiKeys.id, key.id));
    await h.api('/requests', { token: key.secret });
    const [third] = await h.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(third?.at?.getTime()).toBeGreaterThan(Date.now() - 30_000);
    const listed = (await h.api('/api-keys', { token: t.landlord })).body.data.find((k: { id: string }) => k.id === key.id);
    expect(listed.last_used_at).toBe(third?.at?.toISOString());
  });
});

const operations = contractOperations().filter((op) => !op.anonymous);
const scopeOf = (op: Operation) => scopeOfOperation({ tags: op.tags, method: op.method, xScope: op.xScope });
/** Every path parameter malformed and a JSON body with a field no operation takes: nothing is done, only the caller is judged. */
const call = (h: Harness, op: Operation, token: string) =>
  h.api(op.path.replace(/\{\w+\}/g, 'not-an-id'), {
    method: op.method,
    body: op.body['application/json'] ? { unexpected_field: 1 } : undefined,
    token,
    lang: 'en',
  });

describeEachDatabase(
  'every operation of the contract judges a key by the scope it needs',
  (h) => {
    const keys = { all: '', people: '', requests: '', readers: '' };
    beforeAll(async () => {
      const landlord = await h.login('landlord');
      keys.all = (await makeKey(h, landlord, ALL_SCOPES)).secret;
      // A read is judged with another module's read scope, a write with every read scope.
      keys.people = (await makeKey(h, landlord, ['people:read'])).secret;
      keys.requests = (await makeKey(h, landlord, ['requests:read'])).secret;
      keys.readers = (
        await makeKey(
          h,
          landlord,
          KEY_MODULES.map((m) => `${m}:read`),
        )
      ).secret;
    });

    it('every operation refuses a key without its scope with 403 key_scope, and a key with it passes the scope check', async () => {
      expect(operations.length).toBeGreaterThan(200);
      const wrong = [];
      for (const op of operations) {
        const needed = scopeOf(op);
        const without = needed?.endsWith(':write') ? keys.readers : needed?.startsWith('people:') ? keys.requests : keys.people;
        const lacking = await call(h, op, without);
        if (lacking.status !== 403 || lacking.body?.error?.code !== 'key_scope')
          wrong.push({ op: op.id, needed, without: 'its scope', status: lacking.status });
        const res = await call(h, op, keys.all);
        const refused = res.status === 403 && res.body?.error?.code === 'key_scope';
        // Operations no key may call refuse even a key with every scope.
        if (refused !== (needed === null)) wrong.push({ op: op.id, needed, with: 'every scope', status: res.status, code: res.body?.error?.code });
      }
      expect(wrong).toEqual([]);
    });

    it('the operations no key may call are sign-in, the profile, personal settings and the keys themselves', () => {
      const refused = operations.filter((op) => scopeOf(op) === null).map((op) => op.id);
      expect(refused).toEqual(
        expect.arrayContaining([
          'logout',
          'changePassword',
          'getCurrentUser',
          'createStreamTicket',
          'listInbox',
          'listApiKeys',
          'createApiKey',
          'revokeApiKey',
        ]),
      );
      expect(refused).not.toContain('listRequests');
    });
  },
  // Hundreds of calls with one key in a minute: the rate is another suite's (api-key-rate-limit.test.ts).
  { config: { apiKeyRateLimit: 10_000 } },
);
