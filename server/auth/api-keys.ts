import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { KEY_PREFIX } from '#/shared/api-key-scopes';
import type { Db } from '../db/client';
import { kept } from '../db/kept';
import { apiKeys, users } from '../db/schema';
import type { AuthedUser } from './sessions';
import { hashToken, newToken } from './tokens';

export { KEY_PREFIX };

/** A key's last use is written at most this often: one call a minute updates it, the rest only read. */
const LAST_USED_EVERY_MS = 60_000;

export async function createApiKey(db: Db, user: { id: string; landlordId: string }, input: { name: string; scopes: string[]; expiresAt: Date | null }) {
  // The prefix is part of the secret, so the stored hash is of the whole key.
  const secret = `${KEY_PREFIX}${newToken().token}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      landlordId: user.landlordId,
      userId: user.id,
      name: input.name,
      hint: secret.slice(0, KEY_PREFIX.length + 6),
      tokenHash: hashToken(secret),
      scopes: [...new Set(input.scopes)].sort(),
      expiresAt: input.expiresAt,
    })
    .returning();
  if (!row) throw new Error('api key not inserted');
  return { row, secret };
}

/** The landlord's keys, newest first, revoked ones included (they say so). */
export function listApiKeys(db: Db, landlordId: string) {
  return db.select().from(apiKeys).where(eq(apiKeys.landlordId, landlordId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Revokes one key of the landlord; null when it has none of that id (another landlord's included). */
export async function revokeApiKey(db: Db, landlordId: string, id: string) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.landlordId, landlordId)))
    .returning();
  return row ?? null;
}

function prepareLookup(db: Db) {
  return db
    .select({
      keyId: apiKeys.id,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      id: users.id,
      role: users.role,
      landlordId: users.landlordId,
      fullName: users.fullName,
      active: users.active,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('api_key_by_token');
}

/**
 * The caller behind a key: its landlord's user with the key's scopes; null for an unknown, expired or revoked
 * key (or a login turned off): a program has no session to renew, so it hears `unauthorized`, not
 * `session_expired`. A key has no session: what needs one refuses keys.
 */
export async function resolveApiKey(db: Db, secret: string): Promise<AuthedUser | null> {
  const [row] = await kept(db, 'api-key|by-token', () => prepareLookup(db)).execute({ hash: hashToken(secret) });
  if (!row) return null;
  const now = Date.now();
  if (row.revokedAt || (row.expiresAt && row.expiresAt.getTime() <= now) || !row.active || row.role !== 'landlord') return null;
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
    // Several processes may see the same stale time: the condition lets one write win per minute.
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiKeys.id, row.keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
  }
  return { sessionId: '', id: row.id, role: row.role, landlordId: row.landlordId, fullName: row.fullName, apiKey: { id: row.keyId, scopes: row.scopes } };
}
