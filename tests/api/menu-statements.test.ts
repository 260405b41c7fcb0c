import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { AuthedUser } from '#server/auth/sessions';
import { keptSize } from '#server/db/kept';
import { employees, users } from '#server/db/schema';
import { modules } from '#server/modules';
import { menuCounts } from '#server/modules/menu/counts';
import { describeEachDatabase } from '../support/api-harness';
import { statementsOf } from '../support/statements';

const badges = modules.flatMap((m) => m.badges ?? []);
/**
 * Every page load and every live signal asks for the menu's counts: the caller's grants are read once
 * (none for the landlord), then every module's badges in one statement, kept per shape, not per user.
 */
describeEachDatabase('menu counts cost', (h) => {
  const callers: Record<string, AuthedUser> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    for (const name of ['landlord', 'employee', 'renter']) {
      const [user] = await h.db.select().from(users).where(eq(users.username, name));
      if (!user) throw new Error(`no demo user ${name}`);
      callers[name] = { sessionId: '', id: user.id, role: user.role, landlordId: user.landlordId, fullName: user.fullName };
      tokens[name] = await h.login(name);
    }
    // The employee may read every module with badges (the journal as an executor): each has a scope to build.
    const [employee] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.userId, (callers.employee as AuthedUser).id));
    const levels = { requests: 'executor', waiting_list: 'view', violations: 'view', contracts: 'view' };
    expect((await h.api(`/settings/access/${employee?.id}`, { method: 'PUT', token: tokens.landlord, body: { levels } })).status).toBe(200);
  });

  it('runs at most two statements for an employee and a renter, one for the landlord, and answers as the API does', async () => {
    for (const [name, limit] of [
      ['employee', 2],
      ['renter', 2],
      ['landlord', 1],
    ] as const) {
      const caller = callers[name] as AuthedUser;
      await menuCounts(h.db, caller, badges); // the first call of a shape also builds its statement
      let counts: Record<string, number> = {};
      const sent = await statementsOf(h.db, async () => {
        counts = await menuCounts(h.db, caller, badges);
      });
      expect(sent, name).toBeGreaterThan(0);
      expect(sent, name).toBeLessThanOrEqual(limit);
      expect(counts).toEqual((await h.api('/user-menu/counts', { token: tokens[name] })).body);
    }
  });

  it('keeps no more statements for 50 more landlords, employees and renters', async () => {
    const someone = (role: AuthedUser['role']): AuthedUser => ({ sessionId: '', id: randomUUID(), role, landlordId: randomUUID(), fullName: 'x' });
    for (const role of ['landlord', 'employee', 'renter'] as const) await menuCounts(h.db, someone(role), badges);
    for (const caller of Object.values(callers)) await menuCounts(h.db, caller, badges);
    const before = keptSize(h.db);
    for (let i = 0; i < 50; i++) {
      for (const role of ['landlord', 'employee', 'renter'] as const) {
        expect(await menuCounts(h.db, someone(role), badges)).toMatchObject({ requests_new: 0, notifications_unread: 0 });
      }
    }
    expect(keptSize(h.db)).toBe(before);
  });
});
