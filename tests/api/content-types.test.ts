import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type Harness } from '../support/api-harness';

/** Raw HTTP with any content type and body; the answer's JSON (or its text). */
async function raw(h: Harness, urlPath: string, init: { method?: string; token?: string; type?: string; body?: string }) {
  const headers: Record<string, string> = {};
  if (init.type) headers['content-type'] = init.type;
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${h.baseUrl}${urlPath}`, { method: init.method ?? 'POST', headers, body: init.body });
  const text = await res.text();
  const json = res.headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : text;
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: json };
}

const errorShape = { error: { code: expect.any(String), message: expect.any(String) } };

describeEachDatabase('bodies of content types an operation does not declare', (h) => {
  let landlord = '';
  const count = async (table: string) =>
    Number(((await h.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
  beforeAll(async () => {
    landlord = await h.login('landlord');
  });

  it('a JSON body sent as text/plain is refused with 415, never handled unchecked', async () => {
    const login = await raw(h, '/api/auth/login', {
      type: 'text/plain',
      body: JSON.stringify({ username: 'landlord', password: 'demo1234' }),
    });
    expect(login.status).toBe(415);
    expect(login.body).toMatchObject({ error: { code: 'unsupported_media_type', message: expect.any(String) } });
    const exported = await raw(h, '/api/download/excel/employee', { token: landlord, type: 'text/plain', body: '{"search":"a"}' });
    expect(exported.status).toBe(415);
    expect(exported.type).toMatch(/application\/json/);
    const before = await count('support_messages');
    const form = await raw(h, '/api/public/support-messages', {
      type: 'text/plain; charset=utf-8',
      body: JSON.stringify({ name: 'X', message: 'Y' }),
    });
    expect(form.status).toBe(415);
    expect(await count('support_messages')).toBe(before);
  });

  it('a body for an operation that takes none, or without a content type, is refused too', async () => {
    expect((await raw(h, '/api/auth/logout', { token: landlord, type: 'application/json', body: '{}' })).status).toBe(415);
    expect((await raw(h, '/api/auth/login', { type: 'application/x-www-form-urlencoded', body: 'username=landlord' })).status).toBe(415);
    const noType = await fetch(`${h.baseUrl}/api/auth/login`, { method: 'POST', body: new Uint8Array(Buffer.from('{"username":"a"}')) });
    expect(noType.status).toBe(415);
    expect(await noType.json()).toMatchObject(errorShape);
  });
});
