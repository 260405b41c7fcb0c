import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { employeeLevel } from '../auth/authorize';
import { type AccessLevel, type AccessModule, atLeastLevel } from '../auth/levels';
import type { AuthedUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { renters } from '../db/schema';
import { scopeTo } from '../http/caller';
import { forbidden } from '../http/errors';

/**
 * Who is looking at the records of one module, resolved once per call; the same shape for every
 * module with a lifecycle. `scope` is the WHERE every query on the module's table carries, so a
 * record outside it is simply not found (404). A module narrows it (a renter sees only its own).
 */
export type Viewer = {
  user: AuthedUser;
  /** Written into histories as who acted. */
  name: string;
  kind: 'staff' | 'renter';
  /** The employee's grant in the module; the landlord and the superadmin count as `main`, a renter as `none`. */
  level: AccessLevel;
  scope: SQL | undefined;
};

/** The landlord and the superadmin: they may do everything of their scope. */
export const isBoss = (viewer: Viewer) => viewer.user.role === 'landlord' || viewer.user.role === 'superadmin';

export const atLeast = (viewer: Viewer, min: AccessLevel) => atLeastLevel(viewer.level, min);

/**
 * The caller in `module`, scoped to its landlord by `landlordColumn`: the superadmin sees
 * every landlord; a user without a landlord is refused.
 */
export async function viewerOf(db: Db, user: AuthedUser, module: AccessModule, landlordColumn: PgColumn): Promise<Viewer> {
  const base = { user, name: user.fullName, scope: scopeTo(user, landlordColumn) };
  if (user.role === 'superadmin' || user.role === 'landlord') return { ...base, kind: 'staff', level: 'main' };
  if (user.role === 'renter') return { ...base, kind: 'renter', level: 'none' };
  return { ...base, kind: 'staff', level: await employeeLevel(db, user.id, module) };
}

/** A renter caller's own card, while it is active: a renter without one may not see the module (403). */
export async function renterOfUser(db: Db, user: AuthedUser): Promise<typeof renters.$inferSelect> {
  const [renter] = await db
    .select()
    .from(renters)
    .where(and(eq(renters.userId, user.id), eq(renters.status, 'active')));
  if (!renter) throw forbidden();
  return renter;
}
