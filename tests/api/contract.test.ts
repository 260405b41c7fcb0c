import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { fcmTokens, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';

type Operation = { operationId: string; description?: string; security?: unknown[] };
const spec = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};
const methods = ['get', 'post', 'put', 'patch', 'delete'];
const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => methods.includes(method))
    .map(([method, op]) => ({ path, method: method.toUpperCase(), ...op })),
);
/** Operations of later modules: in the contract, answering 501 until their module lands. */
const later = operations.filter((op) => op.description?.startsWith('501'));

/** A body that passes the contract, so the answer comes from the handler. */
const bodies: Record<string, unknown> = {
  updateEmployee: { full_name: 'Иван Иванов', email: 'ivan@example.kz' },
  createEmployee: { full_name: 'Иван Иванов', email: 'ivan@example.kz', username: 'ivan' },
  exportEmployees: {},
  setRequestTypeShown: [{ id: randomUUID(), show: 1 }],
  updateLandlordRequestType: { resolve_hours: 24 },
  setNotificationPermissions: { permissions: [{ employee_id: randomUUID(), allowed: true }] },
  createSocialLink: { network: 'website', url: 'https://mega.kz' },
  updateSocialLink: { network: 'website', url: 'https://mega.kz' },
  setEmployeeAccess: { levels: {} },
};
// Notification ids are integers (they grow with time); every other id is a uuid.
const concrete = (path: string) =>
  path
    .replace(/^\/notifications\/\{id\}/, '/notifications/1')
    .replace('{id}', randomUUID())
    .replace('{kind}', '12')
    .replace('{name}', 'requests')
    .replace('{employeeId}', randomUUID());

describeEachDatabase('contract', (h) => {
  it('every operation has landed: none is marked 501 any more', () => {
    // The notices module was the last: the pickers' users and the employee notifications answer now.
    expect(later.map((op) => op.operationId)).toEqual([]);
    expect(operations.map((op) => op.operationId)).toEqual(expect.arrayContaining(['listAllUsers', 'listEmployeeNotifications', 'sendEmployeeNotification']));
  });

  it('the multipart notification upload is routed and judged: without recipients a 400 naming the field', async () => {
    const token = await h.login('landlord');
    const form = new FormData();
    form.append('message', 'Собрание в 10:00');
    const res = await fetch(`${h.baseUrl}/api/employee-notifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { error: { code: string; message: string; fields: Record<string, string> } };
    expect(res.status).toBe(400);
    expect(body.error.fields).toHaveProperty('recipients');
  });

  it('every signed-in operation refuses a caller without a token with 401', async () => {
    const secured = operations.filter((op) => !(Array.isArray(op.security) && op.security.length === 0));
    expect(secured.length).toBeGreaterThan(later.length);
    for (const op of secured) {
      const res = await h.api(concrete(op.path), { method: op.method, body: bodies[op.operationId] });
      expect({ op: op.operationId, status: res.status, code: res.body?.error?.code }).toEqual({
        op: op.operationId,
        status: 401,
        code: 'unauthorized',
      });
    }
  });

  it('an unknown /api path answers a JSON 404 in the error shape', async () => {
    for (const [path, method] of [
      ['/api/no-such-thing', 'GET'],
      ['/api/user/xyz/abc', 'POST'],
      ['/api/user', 'DELETE'],
    ] as const) {
      const res = await h.fetch(path, { method });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body).toEqual({ error: { code: 'not_found', message: 'Не найдено' } });
    }
    const en = await h.fetch('/api/nothing', { lang: 'en' });
    expect(en.body.error.message).toBe('Not found');
  });

  it('answers carry the security headers', async () => {
    for (const res of [await h.api('/user'), await h.api('/auth/login', { body: { username: 'landlord', password: 'demo1234' } })]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('query values are coerced by the contract, and refused when they do not fit', async () => {
    const token = await h.login('employee');
    expect((await h.api('/user?_t=1735689600000', { token })).status).toBe(200);
    const bad = await h.api('/user?_t=soon', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', fields: { _t: 'Неверное значение' } });
  });

  it('a body over 1 MiB answers 413 payload_too_large', async () => {
    const res = await h.api('/public/support-messages', { body: { name: 'x', message: 'y'.repeat(1100 * 1024) }, ip: '192.0.2.200' });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });
});

describeEachDatabase('tenancy of the signed-in user', (h) => {
  const landlordOf = async (username: string) => {
    const token = await h.login(username);
    const me = await h.api('/user', { token });
    const landlord = await h.api('/user/landlord', { token });
    return { me: me.body, status: landlord.status, landlord: landlord.body };
  };

  it('landlord, employee and renter of the first landlord see their organisation', async () => {
    for (const username of ['landlord', 'employee', 'renter']) {
      const { me, status, landlord } = await landlordOf(username);
      expect(status).toBe(200);
      expect(landlord).toEqual({ id: me.landlord_id, name: 'ТОО «Mega Center Group»' });
    }
  });

  it('users of the second landlord see their own organisation, not the first', async () => {
    const first = await landlordOf('landlord');
    for (const username of ['landlord2', 'employee2', 'renter2']) {
      const { me, status, landlord } = await landlordOf(username);
      expect(status).toBe(200);
      expect(landlord).toEqual({ id: me.landlord_id, name: 'ТОО «Keruen City»' });
      expect(landlord.id).not.toBe(first.landlord.id);
    }
  });

  it('the superadmin belongs to no landlord: 404', async () => {
    const { me, status, landlord } = await landlordOf('superadmin');
    expect(me).toMatchObject({ role: 'superadmin', landlord_id: null });
    expect(status).toBe(404);
    expect(landlord.error.code).toBe('not_found');
  });

  it('runs on its own database', async () => {
    const result = (await h.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    expect(result.rows[0]?.name).toMatch(h.kind === 'postgres' ? /^crm_test_[0-9a-f]{12}$/ : /^postgres$/);
  });

  it('the demo users and their centres are seeded', async () => {
    const rows = await h.db.select({ username: users.username, role: users.role, hasPassword: sql<boolean>`${users.passwordHash} is not null` }).from(users);
    // Demo logins have the demo password; the staff colleagues are waiting for their first login.
    expect(
      rows
        .filter((r) => r.hasPassword)
        .map((r) => r.username)
        .sort(),
    ).toEqual(['employee', 'employee2', 'landlord', 'landlord2', 'renter', 'renter2', 'superadmin']);
    expect(rows.filter((r) => !r.hasPassword).every((r) => r.role === 'employee' && r.username.startsWith('staff'))).toBe(true);
    const { me } = await landlordOf('employee2');
    expect(me.land).toMatchObject({ name: 'ТРЦ «Keruen»', logo_url: expect.stringMatching(/^\/storage\/logos\/.+\.svg$/) });
    const logo = await h.fetch(me.land.logo_url);
    expect(logo.status).toBe(200);
    expect(String(logo.body)).toContain('<svg');
  });

  it('bid access and FCM tokens work for a signed-in user', async () => {
    const token = await h.login('renter2');
    expect((await h.api('/type-request/check-bid-access', { token })).body).toEqual({ has_access: true });
    const fcm = { fcm_token: 'fcm-token-0123456789' };
    expect((await h.api('/set-fcm-token', { token, body: fcm })).status).toBe(204);
    expect((await h.api('/set-fcm-token', { token, body: fcm })).status).toBe(204);
    const [me] = await h.db.select({ id: users.id }).from(users).where(eq(users.username, 'renter2'));
    const stored = () =>
      h.db
        .select()
        .from(fcmTokens)
        .where(and(eq(fcmTokens.userId, me!.id), eq(fcmTokens.token, fcm.fcm_token)));
    expect(await stored()).toHaveLength(1);
    expect((await h.api('/set-fcm-token', { method: 'DELETE', token, body: fcm })).status).toBe(204);
    expect(await stored()).toHaveLength(0);
  });
});
