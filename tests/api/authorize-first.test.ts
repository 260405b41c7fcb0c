import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/api-harness';
import { contractOperations, type Operation } from '../support/fuzz-variants';

const ROLES = ['superadmin', 'landlord', 'employee', 'renter'] as const;
type Role = (typeof ROLES)[number];

const operations = contractOperations();
/** Every path parameter malformed: the caller is decided before the contract would refuse it. */
const pathOf = (op: Operation) => op.path.replace(/\{\w+\}/g, 'not-an-id');
/** A JSON body with a field no operation takes (and none it needs), where the operation takes JSON. */
const badBody = (op: Operation) => (op.body['application/json'] ? { unexpected_field: 1 } : undefined);

describeEachDatabase('the caller and its role are decided before the request is validated', (h) => {
  const t = {} as Record<Role, string>;
  beforeAll(async () => {
    for (const role of ROLES) t[role] = await h.login(role);
  });
  const call = (op: Operation, token?: string) => h.api(pathOf(op), { method: op.method, body: badBody(op), token, lang: 'en' });

  it('every operation that needs a session answers a call without one 401, whatever its body and parameters', async () => {
    const secured = operations.filter((op) => !op.anonymous);
    expect(secured.length).toBeGreaterThan(100);
    const answers = [];
    for (const op of secured) {
      const res = await call(op);
      answers.push({ op: op.id, status: res.status, code: res.body?.error?.code });
    }
    expect(answers.filter((a) => a.status !== 401 || a.code !== 'unauthorized')).toEqual([]);
  });

  it("every superadmin's operation answers a renter 403 for an empty or invalid body, not which fields it lacks", async () => {
    const superadminOnly = operations.filter((op) => op.roles?.length === 1 && op.roles[0] === 'superadmin');
    expect(superadminOnly.map((op) => op.id)).toEqual(expect.arrayContaining(['createLandlord', 'createObjectType', 'createRequestType']));
    for (const op of superadminOnly) {
      for (const body of [badBody(op), op.body['application/json'] ? {} : undefined]) {
        const res = await h.api(pathOf(op), { method: op.method, body, token: t.renter, lang: 'en' });
        expect({ op: op.id, status: res.status, error: res.body.error }).toEqual({
          op: op.id,
          status: 403,
          error: { code: 'forbidden', message: 'You do not have access to this' },
        });
      }
    }
  });

  it('every role an operation is not open to (x-roles) hears 403 before validation', async () => {
    const restricted = operations.filter((op) => op.roles);
    expect(restricted.length).toBeGreaterThan(10);
    const answers = [];
    for (const op of restricted) {
      for (const role of ROLES.filter((r) => !op.roles?.includes(r))) {
        const res = await call(op, t[role]);
        answers.push({ op: op.id, role, status: res.status, code: res.body?.error?.code });
      }
    }
    expect(answers.filter((a) => a.status !== 403 || a.code !== 'forbidden')).toEqual([]);
  });

  it('a required query parameter missing, from a caller who may ask, is a 400 naming it', async () => {
    const events = await h.api('/calendar/events', { token: t.landlord, lang: 'en' });
    expect(events.status).toBe(400);
    expect(events.body.error.fields).toEqual({ from: 'Required field', to: 'Required field' });
    for (const path of ['/contracts/rent-roll', '/contracts/rent-roll/export']) {
      const roll = await h.api(path, { token: t.employee, lang: 'en' });
      expect(roll.status).toBe(400);
      expect(roll.body.error.fields).toEqual({ object_id: 'Required field' });
    }
    const people = await h.api('/people', { token: t.landlord, lang: 'en' });
    expect(people.status).toBe(400);
    expect(people.body.error.fields).toEqual({ purpose: 'Required field' });
  });
});
