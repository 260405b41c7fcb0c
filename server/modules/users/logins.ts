import { eq, sql } from 'drizzle-orm';
import type { Locales } from '#/i18n/i18n-types';
import type { RecordStatus } from '#machines/record';
import { revokeUserAccess } from '../../auth/sessions';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/errors';

type NewLogin = { landlordId: string; username: string; email: string | null; fullName: string; role: 'landlord' | 'employee' | 'renter'; language: Locales };

/**
 * A login without a password: its owner sets one through the first-login link (/auth/first-login).
 * A taken username (any case) is a field error, not a 500.
 */
export async function createLogin(tx: Tx, login: NewLogin): Promise<string> {
  const username = login.username.trim();
  const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).limit(1);
  if (taken) throw new AppError(409, 'username_taken', { username: (ll) => ll.errors.username_taken() });
  const [row] = await tx
    .insert(users)
    .values({ ...login, username, passwordHash: null })
    .returning({ id: users.id });
  if (!row) throw new Error('login not created');
  return row.id;
}

/**
 * Many logins at once (an import's new tenants), by lower-case username: the caller has found every
 * username free in the same transaction, as createLogin does one by one.
 */
export async function createLogins(tx: Tx, logins: (NewLogin & { roomId?: string })[]): Promise<Map<string, string>> {
  if (logins.length === 0) return new Map();
  const rows = await tx
    .insert(users)
    .values(logins.map((login) => ({ ...login, username: login.username.trim(), passwordHash: null })))
    .returning({ id: users.id, username: users.username });
  return new Map(rows.map((r) => [r.username.toLowerCase(), r.id]));
}

/** An employee's or renter's login follows its record: off and signed out everywhere when deleted, on again when restored. */
export async function loginFollowsRecord(tx: Tx, userId: string, status: RecordStatus): Promise<void> {
  await tx
    .update(users)
    .set({ active: status === 'active' })
    .where(eq(users.id, userId));
  if (status === 'deleted') await revokeUserAccess(tx, userId);
}
