import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/api-harness';
import { errorShape, raw, rowCount } from '../support/raw-http';

describeEachDatabase('bodies of content types an operation does not declare', (h) => {
  let landlord = '';
  const count = (table: string) => rowCount(h, table);
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
