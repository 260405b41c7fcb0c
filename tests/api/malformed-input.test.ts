import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/api-harness';
import { errorShape, raw, rowCount } from '../support/raw-http';
import { postForm } from '../support/requests';

describeEachDatabase('bodies, texts and numbers the contract does not take', (h) => {
  let landlord = '';
  const count = (table: string) => rowCount(h, table);
  beforeAll(async () => {
    landlord = await h.login('landlord');
  });

  it('a NUL character in any text is a 400 field error, signed in or not, and writes nothing', async () => {
    const signIn = await h.api('/auth/login', { body: { username: 'land\u0000lord', password: 'demo1234' } });
    expect(signIn.status).toBe(400);
    expect(signIn.body.error).toMatchObject({ code: 'validation_failed', fields: { username: 'Содержит недопустимый символ' } });
    const search = await h.api(`/employee?search=${encodeURIComponent('a\u0000b')}`, { token: landlord, lang: 'en' });
    expect(search.status).toBe(400);
    expect(search.body.error.fields).toEqual({ search: 'Contains a character that is not allowed' });
    const before = await count('support_messages');
    const form = await h.api('/public/support-messages', { body: { name: 'Ерлан', message: 'при\u0000вет' }, ip: '192.0.2.150' });
    expect(form.status).toBe(400);
    expect(form.body.error.fields).toEqual({ message: 'Содержит недопустимый символ' });
    expect(await count('support_messages')).toBe(before);
    expect((await h.api('/employee/%00', { token: landlord })).status).toBe(400);
  });

  it('an export refuses bad input before its first byte: a JSON error, never a 200 with a broken file', async () => {
    const res = await raw(h, '/api/download/excel/employee', {
      token: landlord,
      type: 'application/json',
      body: JSON.stringify({ search: '\u0000' }),
    });
    expect(res.status).toBe(400);
    expect(res.type).toMatch(/application\/json/);
    expect(res.body).toMatchObject(errorShape);
  });

  it('malformed multipart (no boundary, cut short) is a 400, and stores nothing', async () => {
    const [object] = ((await h.db.execute(sql`select id from objects limit 1`)) as unknown as { rows: Array<{ id: string }> }).rows;
    const url = `/api/objects/${object?.id}/logo`;
    const filesBefore = await readdir(path.join(h.config.storageDir), { recursive: true }).catch(() => []);
    const noBoundary = await raw(h, url, { method: 'PUT', token: landlord, type: 'multipart/form-data', body: 'abc' });
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body).toMatchObject({ error: { code: 'malformed_body' } });
    const cut = '--XX\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
    const truncated = await raw(h, url, { method: 'PUT', token: landlord, type: 'multipart/form-data; boundary=XX', body: cut });
    expect(truncated.status).toBe(400);
    expect(truncated.body).toMatchObject(errorShape);
    expect(await readdir(path.join(h.config.storageDir), { recursive: true }).catch(() => [])).toEqual(filesBefore);
  });

  it("a multipart form's text fields are bounded and checked for NUL like JSON bodies, before anything is stored", async () => {
    const [object] = ((await h.db.execute(sql`select id from objects limit 1`)) as unknown as { rows: Array<{ id: string }> }).rows;
    const [type] = ((await h.db.execute(sql`select id from request_types where kind = 13 limit 1`)) as unknown as { rows: Array<{ id: string }> }).rows;
    const requestsBefore = await count('requests');
    const fields = { name: 'Гость', phone: '+77011234567', type_id: String(type?.id) };
    const huge = await postForm(h, `/public/visitor-requests/${object?.id}`, { ...fields, description: 'x'.repeat(100 * 1024) }, { ip: '198.51.100.7' });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect(huge.body).toMatchObject(errorShape);
    const nul = await postForm(h, `/public/visitor-requests/${object?.id}`, { ...fields, description: 'a\u0000b' }, { ip: '198.51.100.8' });
    expect(nul.status).toBe(400);
    expect(nul.body.error).toMatchObject({ code: 'validation_failed', fields: { description: 'Содержит недопустимый символ' } });
    expect(await count('requests')).toBe(requestsBefore);
  });

  it('an integer path value past 2^31 is a 400, not a database error', async () => {
    const res = await h.api('/type-request/kind/99999999999', { token: landlord });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', fields: { kind: expect.any(String) } });
  });

  it('over-long addresses are answered in the error shape too', async () => {
    const longParam = await h.api(`/employee/${'a'.repeat(300)}`, { token: landlord });
    expect(longParam.status).toBe(414);
    expect(longParam.body).toEqual({ error: { code: 'uri_too_long', message: 'Слишком длинный адрес запроса' } });
    const huge = await fetch(`${h.baseUrl}/api/employee?search=${'b'.repeat(20_000)}`);
    expect([414, 431]).toContain(huge.status);
    expect(await huge.json()).toMatchObject({ error: { code: 'uri_too_long' } });
    const undecodable = await h.fetch('/api/employee/%E0%A4%A', { token: landlord });
    expect(undecodable.status).toBe(400);
    expect(undecodable.body).toMatchObject(errorShape);
    expect((await h.api(`/employee/${randomUUID()}`, { token: landlord })).status).toBe(404);
  });
});
