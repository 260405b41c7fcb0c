import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { hashToken, newToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { telegramDrafts, telegramLinks, telegramLinkTokens, users } from '../../db/schema';

const LINK_TTL_MS = 15 * 60_000;

/** The profile's view of the caller's link: its @username and since when, or null. */
export async function linkOf(db: Db, userId: string) {
  const [row] = await db
    .select({ username: telegramLinks.username, linkedAt: telegramLinks.linkedAt })
    .from(telegramLinks)
    .where(eq(telegramLinks.userId, userId));
  return row ? { username: row.username, linked_at: row.linkedAt.toISOString() } : null;
}

/**
 * A one-time token for the deep link, kept hashed for 15 minutes. The person's tokens that can no
 * longer be used are removed on the way, so the table holds only live ones.
 */
export async function createLinkToken(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + LINK_TTL_MS);
  await db.transaction(async (tx) => {
    await tx
      .delete(telegramLinkTokens)
      .where(and(eq(telegramLinkTokens.userId, userId), or(lte(telegramLinkTokens.expiresAt, sql`now()`), sql`${telegramLinkTokens.usedAt} is not null`)));
    await tx.insert(telegramLinkTokens).values({ tokenHash: hash, userId, expiresAt });
  });
  return { token, expiresAt };
}

/**
 * `/start <token>`: an unused, unexpired token of an active person links the chat to that person (the
 * chat's link to anyone else, and that person's link to another chat, are replaced; drafts of the chat
 * written as someone else go) and is used up, all in one transaction. Null for a stale, used or unknown
 * token: nothing is linked.
 */
export async function linkChat(db: Db, token: string, chatId: number, username: string | null): Promise<{ fullName: string } | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(telegramLinkTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(telegramLinkTokens.tokenHash, hashToken(token)), isNull(telegramLinkTokens.usedAt), gt(telegramLinkTokens.expiresAt, sql`now()`)))
      .returning({ userId: telegramLinkTokens.userId });
    if (!claimed) return null;
    const [person] = await tx
      .select({ fullName: users.fullName })
      .from(users)
      .where(and(eq(users.id, claimed.userId), eq(users.active, true)));
    if (!person) return null;
    await tx.delete(telegramLinks).where(and(eq(telegramLinks.chatId, chatId), ne(telegramLinks.userId, claimed.userId)));
    await tx.delete(telegramDrafts).where(and(eq(telegramDrafts.chatId, chatId), ne(telegramDrafts.userId, claimed.userId)));
    await tx
      .insert(telegramLinks)
      .values({ userId: claimed.userId, chatId, username })
      .onConflictDoUpdate({ target: telegramLinks.userId, set: { chatId, username, linkedAt: new Date() } });
    return person;
  });
}

/** The person's link and drafts go: the bot forgets the chat. */
export async function unlink(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(telegramDrafts).where(eq(telegramDrafts.userId, userId));
    await tx.delete(telegramLinks).where(eq(telegramLinks.userId, userId));
  });
}

/** A chat Telegram says is gone (the bot blocked, the chat deleted): its link, if it is still this chat's. */
export async function forgetChat(db: Db, userId: string, chatId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(telegramDrafts).where(eq(telegramDrafts.chatId, chatId));
    await tx.delete(telegramLinks).where(and(eq(telegramLinks.userId, userId), eq(telegramLinks.chatId, chatId)));
  });
}

/** Who writes from a chat: the linked, active person, or null (the chat is told only how to link). */
export async function personOfChat(db: Db, chatId: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role, landlordId: users.landlordId, fullName: users.fullName, language: users.language })
    .from(telegramLinks)
    .innerJoin(users, and(eq(users.id, telegramLinks.userId), eq(users.active, true)))
    .where(eq(telegramLinks.chatId, chatId));
  return row ?? null;
}
