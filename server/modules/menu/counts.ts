import { type SQL, sql } from 'drizzle-orm';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { kept } from '../../db/kept';
import type { BadgeDeclaration } from '../manifest';
import { idArray, readMenuCallers } from './caller';

const none = sql<number>`0`.mapWith(Number);

/** The callers' ids, one row each (`menu`, the row every badge's subquery reads them from), in the order given. */
const callersRow = sql`unnest(${sql.placeholder('users')}::uuid[], ${sql.placeholder('landlords')}::uuid[], ${sql.placeholder('employees')}::uuid[],
  ${sql.placeholder('renters')}::uuid[]) with ordinality as menu (user_id, landlord_id, employee_id, renter_id, n)`;

function statementOf(db: Db, badges: readonly BadgeDeclaration[], shapes: Array<string | null>) {
  const columns: Record<string, SQL<number>> = { '#': sql<number>`menu.n`.mapWith(Number) };
  badges.forEach((badge, i) => {
    const shape = shapes[i];
    Object.assign(columns, shape === null || shape === undefined ? Object.fromEntries(badge.keys.map((key) => [key, none])) : badge.counts(db, shape));
  });
  return db.select(columns).from(callersRow).orderBy(sql`menu.n`).prepare('');
}

/**
 * The navigation's badges of many users at once (a live signal to every open tab): every module's
 * (its manifest's `badges`) as scalar counts, after the callers' grants (at most two statements), then
 * one statement per shape (which scope each module gives) for all the users of that shape. A caller
 * without access to a module gets 0 for it rather than an error, so the menu always loads. The
 * statement is kept per shape, not per user: the callers' ids are its parameters, so the kept
 * statements stay few however many users there are.
 */
export async function menuCountsOf(db: Db, users: readonly AuthedUser[], badges: readonly BadgeDeclaration[]): Promise<Map<string, Record<string, number>>> {
  const byShape = new Map<string, { shapes: Array<string | null>; callers: Awaited<ReturnType<typeof readMenuCallers>> }>();
  for (const caller of await readMenuCallers(db, users)) {
    const shapes = badges.map((badge) => badge.shape(caller));
    const key = shapes.map((s) => s ?? '-').join('|');
    const group = byShape.get(key) ?? { shapes, callers: [] };
    group.callers.push(caller);
    byShape.set(key, group);
  }
  const counts = new Map<string, Record<string, number>>();
  for (const [key, { shapes, callers }] of byShape) {
    const statement = kept(db, `menu|${key}`, () => statementOf(db, badges, shapes));
    const found = await statement.execute({
      users: idArray(callers.map((c) => c.user.id)),
      landlords: idArray(callers.map((c) => c.user.landlordId)),
      employees: idArray(callers.map((c) => c.employeeId)),
      renters: idArray(callers.map((c) => c.renterId)),
    });
    for (const { '#': n, ...row } of found as Array<Record<string, number>>) {
      const caller = callers[(n ?? 0) - 1];
      if (caller) counts.set(caller.user.id, row);
    }
  }
  return counts;
}

/** One user's badges (GET /user-menu/counts): at most two statements for an employee or a renter, one for the landlord. */
export async function menuCounts(db: Db, user: AuthedUser, badges: readonly BadgeDeclaration[]): Promise<Record<string, number>> {
  return (await menuCountsOf(db, [user], badges)).get(user.id) ?? {};
}
