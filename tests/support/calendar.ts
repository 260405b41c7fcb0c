import { eq, gt, inArray, max } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { fromAlmatyInput } from '#/shared/almaty';
import { employeeAccess, employees, notifications, users } from '#server/db/schema';
import type { Harness } from './api-harness';
import { userIdOf } from './tasks';

export type Occurrence = { event_id: string; occurrence_start: string; starts_at: string; ends_at: string; title: string; changed: boolean };

/** A wall-clock time in Almaty as an instant: 10:00 there is 05:00Z. */
export const almaty = (date: string, time = '10:00') => fromAlmatyInput(`${date}T${time}`);
export const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

/**
 * The calendar tests' people and helpers: every demo login, and staff01, a second employee of the first
 * landlord with `calendar` at `view` only (a password like the demo's).
 */
export function calendarSetup(h: Harness) {
  const t = { landlord: '', employee: '', renter: '', landlord2: '', employee2: '', renter2: '', staff01: '' };
  const id = { landlord: '', employee: '', renter: '', staff01: '', renter2: '' };
  let mark = 0;

  beforeAll(async () => {
    const [demo] = await h.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'employee'));
    await h.db
      .update(users)
      .set({ passwordHash: demo?.hash })
      .where(inArray(users.username, ['staff01', 'staff02']));
    const [staff] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'staff01'));
    await h.db.insert(employeeAccess).values({ employeeId: staff?.id as string, module: 'calendar', level: 'view' });
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    for (const name of Object.keys(id) as Array<keyof typeof id>) id[name] = await userIdOf(h, name);
    const [last] = await h.db.select({ n: max(notifications.id) }).from(notifications);
    mark = last?.n ?? 0;
  });

  /** Every notification written since the last call, as (recipient's login, kind), sorted. */
  const toldSince = async () => {
    const rows = await h.db
      .select({ id: notifications.id, to: users.username, kind: notifications.kind })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(gt(notifications.id, mark));
    mark = Math.max(mark, ...rows.map((r) => r.id));
    return rows.map(({ to, kind }) => `${to} ${kind}`).sort();
  };
  const create = async (token: string, body: Record<string, unknown>) => {
    const res = await h.api('/calendar/events', { token, body: { starts_at: almaty('2027-03-03'), ends_at: almaty('2027-03-03', '11:00'), ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const range = async (token: string, from: string, to: string, layers = '') => {
    const res = await h.api(`/calendar/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${layers}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { occurrences: Occurrence[]; deadlines: { layer: string; id: string }[] };
  };
  const titlesIn = async (token: string) =>
    (await range(token, almaty('2027-03-01', '00:00'), almaty('2027-03-31', '00:00'))).occurrences.map((o) => o.title).sort();

  return { t, id, toldSince, create, range, titlesIn };
}
