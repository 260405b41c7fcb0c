import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AccessLevel, AccessModule } from '../../auth/levels';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { kept } from '../../db/kept';
import { employeeAccess, employees, renters } from '../../db/schema';

/**
 * The caller of the menu's counts with its grants, read once per call: an employee's levels in every
 * module and its employee row, or a renter's active tenant card. Each module's badges decide from it
 * what the caller sees, with no query of their own.
 */
export type MenuCaller = {
  user: AuthedUser;
  levels: Partial<Record<AccessModule, AccessLevel>>;
  employeeId: string | null;
  renterId: string | null;
};

/**
 * The caller's ids in a badge's subquery: columns of the row `menu` each statement reads its callers
 * from (counts.ts), so a statement is built once per shape and serves one caller or a thousand.
 */
export const placeholders = {
  user: sql`menu.user_id`,
  landlord: sql`menu.landlord_id`,
  employee: sql`menu.employee_id`,
  renter: sql`menu.renter_id`,
};

/**
 * The kit viewer's first cut (workflow/viewer.ts) as a badge sees it: every landlord (the superadmin),
 * one landlord's records with the caller's level in `module`, or a renter; null for a user without a
 * landlord, who sees nothing.
 */
export function sideOf(caller: MenuCaller, module: AccessModule): { side: 'all' | 'landlord'; level: AccessLevel } | { side: 'renter' } | null {
  const { role, landlordId } = caller.user;
  if (role === 'superadmin') return { side: 'all', level: 'main' };
  if (!landlordId) return null;
  if (role === 'landlord') return { side: 'landlord', level: 'main' };
  if (role === 'renter') return { side: 'renter' };
  return { side: 'landlord', level: caller.levels[module] ?? 'none' };
}

/** A list of ids as one parameter (an array literal: both drivers take it as text). */
export const idArray = (ids: ReadonlyArray<string | null>) => `{${ids.map((id) => id ?? 'NULL').join(',')}}`;
const users = sql.placeholder('users');

const employeeGrants = (db: Db) =>
  kept(db, 'menu|grants|employee', () =>
    db
      .select({
        userId: employees.userId,
        employeeId: employees.id,
        active: sql<boolean>`${employees.status} = 'active'`,
        module: employeeAccess.module,
        level: employeeAccess.level,
      })
      .from(employees)
      .leftJoin(employeeAccess, eq(employeeAccess.employeeId, employees.id))
      .where(sql`${employees.userId} = any(${users}::uuid[])`)
      .prepare(''),
  );

const renterCards = (db: Db) =>
  kept(db, 'menu|grants|renter', () =>
    db
      .selectDistinctOn([renters.userId], { userId: renters.userId, id: renters.id })
      .from(renters)
      .where(and(sql`${renters.userId} = any(${users}::uuid[])`, eq(renters.status, 'active')))
      .orderBy(renters.userId, renters.id)
      .prepare(''),
  );

/** One statement for the employees among them and one for the renters, none for landlords and the superadmin. */
export async function readMenuCallers(db: Db, callers: readonly AuthedUser[]): Promise<MenuCaller[]> {
  const read = callers.map((user): MenuCaller => ({ user, levels: {}, employeeId: null, renterId: null }));
  const of = (role: AuthedUser['role']) => read.filter((c) => c.user.role === role);
  const byUser = new Map(read.map((c) => [c.user.id, c]));
  const staff = of('employee');
  if (staff.length > 0) {
    // A deleted employee keeps its row but no level (access/authorize.ts employeeLevel).
    for (const row of await employeeGrants(db).execute({ users: idArray(staff.map((c) => c.user.id)) })) {
      const caller = byUser.get(row.userId);
      if (!caller) continue;
      caller.employeeId ??= row.employeeId;
      if (row.active && row.module && row.level) caller.levels[row.module] ??= row.level;
    }
  }
  const tenants = of('renter');
  if (tenants.length > 0) {
    for (const card of await renterCards(db).execute({ users: idArray(tenants.map((c) => c.user.id)) })) {
      const caller = byUser.get(card.userId);
      if (caller) caller.renterId = card.id;
    }
  }
  return read;
}

/** The landlord part of a badge's WHERE: none for the superadmin's `all`. */
export const landlordOf = (shape: string, column: PgColumn) => (shape === 'all' ? undefined : eq(column, placeholders.landlord));
