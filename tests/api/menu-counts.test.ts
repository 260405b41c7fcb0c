import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { employees, users } from '../../server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { createAsRenter, firstRenterType } from '../support/requests';

/**
 * The menu's badges are one statement built once per caller and what it may see (menu/counts.ts):
 * a change of grants must show at the very next call, never a count from before.
 */
describeEachDatabase('menu badges', (h) => {
  const t = { landlord: '', employee: '', renter: '' };

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    const typeId = await firstRenterType(h, t.renter);
    await createAsRenter(h, t.renter, typeId, 'Течёт кран в санузле');
  });

  it("an employee's badges follow its grants at the next call, both ways", async () => {
    const [row] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'employee'));
    const counts = async () => (await h.api('/user-menu/counts', { token: t.employee })).body;
    const grant = async (levels: Record<string, string>) =>
      expect((await h.api(`/settings/access/${row?.id}`, { method: 'PUT', token: t.landlord, body: { levels } })).status).toBe(200);
    const landlords = (await h.api('/user-menu/counts', { token: t.landlord })).body;
    expect(landlords.requests_new).toBeGreaterThan(0);

    await grant({ requests: 'view' });
    expect((await counts()).requests_new).toBe(landlords.requests_new);
    await grant({ requests: 'none' });
    expect((await counts()).requests_new).toBe(0);
    await grant({ requests: 'view' });
    expect((await counts()).requests_new).toBe(landlords.requests_new);
  });

  it('a new request counts at the next call of the same caller (the statement is kept, not its answer)', async () => {
    const before = (await h.api('/user-menu/counts', { token: t.renter })).body.requests_new as number;
    await createAsRenter(h, t.renter, await firstRenterType(h, t.renter), 'Не работает розетка');
    expect((await h.api('/user-menu/counts', { token: t.renter })).body.requests_new).toBe(before + 1);
  });
});
