import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarEvents, calendarFeeds, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { visibleTo } from './access';
import { icsOf } from './ics';
import { expandEvents } from './queries';

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const DAY = 86_400_000;

export async function feedEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return Boolean(row);
}

/** A new secret address (256 random bits; only its hash is kept): the previous one stops answering. */
export async function regenerateFeed(db: Db, userId: string, publicUrl: string): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  const secretHash = hashOf(secret);
  await db
    .insert(calendarFeeds)
    .values({ userId, secretHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { secretHash, createdAt: new Date() } });
  return `${publicUrl}/api/calendar/feed/${secret}.ics`;
}

export async function deleteFeed(db: Db, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/**
 * The iCalendar text of the feed whose secret is `file` without `.ics`: the events its user sees now that
 * occur from 30 days back to a year ahead, each series whole (ics.ts). A revoked secret, or a user no
 * longer active, is 404.
 */
export async function feedText(db: Db, file: string): Promise<string> {
  const secret = file.replace(/\.ics$/, '');
  const [user] = await db
    .select({ id: users.id, role: users.role, landlordId: users.landlordId, active: users.active })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.secretHash, hashOf(secret)));
  if (!user?.active || !user.landlordId || user.role === 'superadmin') throw notFound();
  const now = Date.now();
  const from = new Date(now - 30 * DAY);
  const to = new Date(now + 365 * DAY);
  const events = await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.landlordId, user.landlordId),
        visibleTo(user),
        lt(calendarEvents.startsAt, to),
        or(isNotNull(calendarEvents.rrule), gt(calendarEvents.endsAt, from)),
      ),
    )
    .orderBy(asc(calendarEvents.startsAt));
  // A series is written whole, but only when one of its occurrences falls in the window.
  const occurring = new Set((await expandEvents(db, events, from, to)).map((o) => o.event.id));
  return icsOf(
    db,
    events.filter((e) => occurring.has(e.id)),
    'Mall CRM',
  );
}
