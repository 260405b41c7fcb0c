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
 * The caller's ids in a badge's subquery: the statement is built once per shape and executed with
 * `placeholderValues`, so its text (and the kept statement) is the same for every user.
 */
export const placeholders = {
  user: sql.placeholder('user'),
  landlord: sql.placeholder('landlord'),
  employee: sql.placeholder('employee'),
  renter: sql.placeholder('renter'),
};

export const placeholderValues = ({ user, employeeId, renterId }: MenuCaller) => ({
  user: user.id,
  landlord: user.landlordId,
  employee: employeeId,
  renter: renterId,
});

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

const employeeGrants = (db: Db) =>
  kept(db, 'menu|grants|employee', () =>
    db
      .select({ employeeId: employees.id, active: sql<boolean>`${employees.status} = 'active'`, module: employeeAccess.module, level: employeeAccess.level })
      .from(employees)
      .leftJoin(employeeAccess, eq(employeeAccess.employeeId, employees.id))
      .where(eq(employees.userId, placeholders.user))
      .prepare(''),
  );

const renterCard = (db: Db) =>
  kept(db, 'menu|grants|renter', () =>
    db
      .select({ id: renters.id })
      .from(renters)
      .where(and(eq(renters.userId, placeholders.user), eq(renters.status, 'active')))
      .limit(1)
      .prepare(''),
  );

/** One statement for an employee or a renter, none for the landlord and the superadmin. */
export async function readMenuCaller(db: Db, user: AuthedUser): Promise<MenuCaller> {
  const caller: MenuCaller = { user, levels: {}, employeeId: null, renterId: null };
  if (user.role === 'employee') {
    const rows = await employeeGrants(db).execute({ user: user.id });
    // A deleted employee keeps its row but no level (access/authorize.ts employeeLevel).
    for (const row of rows) {
      caller.employeeId ??= row.employeeId;
      if (row.active && row.module && row.level) caller.levels[row.module] ??= row.level;
    }
  } else if (user.role === 'renter') {
    const [card] = await renterCard(db).execute({ user: user.id });
    caller.renterId = card?.id ?? null;
  }
  return caller;
}

/** The landlord part of a badge's WHERE: none for the superadmin's `all`. */
export const landlordOf = (shape: string, column: PgColumn) => (shape === 'all' ? undefined : eq(column, placeholders.landlord));
