import type { SQL } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuthedUser } from '../auth/sessions';
import { forbidden, unauthorized } from './errors';

type Role = AuthedUser['role'];

/** The signed-in caller; the bearer handler already refused a request without one. */
export function callerOf(req: { user: AuthedUser | null }): AuthedUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** Refuses a caller whose role is not listed (403: the caller may know the module exists). */
export function requireRole(user: AuthedUser, ...roles: Role[]): void {
  if (!roles.includes(user.role)) throw forbidden();
}

/**
 * In one place: every business query is scoped to the caller's landlord; the superadmin
 * sees every landlord. Rows outside the scope are simply not found (404), so ids do not leak.
 */
export function scopeTo(user: AuthedUser, landlordColumn: PgColumn): SQL | undefined {
  if (user.role === 'superadmin') return undefined;
  if (!user.landlordId) throw forbidden();
  return eq(landlordColumn, user.landlordId);
}

/** The landlord new rows belong to; the superadmin must name one. */
export function landlordForWrite(user: AuthedUser, requested?: string | null): string {
  if (user.role === 'superadmin') {
    if (!requested) throw forbidden();
    return requested;
  }
  if (!user.landlordId) throw forbidden();
  return user.landlordId;
}
