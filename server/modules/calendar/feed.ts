import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarEvents, calendarFeeds, users } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { runTask, TaskTimeout } from '../../workers/pool';
import { visibleTo } from './access';
import type { Exception } from './expand';
import { exceptionsOf, expandEvents } from './queries';

type EventRow = typeof calendarEvents.$inferSelect;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const DAY = 86_400_000;
/**
 * The most occurrences a feed's window is searched for: past it the feed is cut (series later in start
 * order are left out), since a subscribing program cannot show an error. A centre's busiest person has
 * a few thousand in the 13 months.
 */
export const MAX_FEED_OCCURRENCES = 10_000;

/** The iCalendar text of `events` (ics.ts), written on a worker thread; `known`: their exceptions, if read already. */
export async function icsOf(db: Db, events: EventRow[], name: string, known?: Exception[]): Promise<string> {
  const exceptions = known ?? (await exceptionsOf(db, events));
  return runTask('icsText', { events, exceptions, name }).catch((err: unknown) => {
    throw err instanceof TaskTimeout ? new AppError(503, 'service_busy', undefined, { seconds: 60 }) : err;
  });
}

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
 * occur from 30 days back to a year ahead, each series whole (ics.ts), at most MAX_FEED_OCCURRENCES
 * of them. A revoked secret, or a user no longer active, is 404.
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
  const exceptions = await exceptionsOf(db, events);
  const { occurrences } = await expandEvents(db, events, from, to, MAX_FEED_OCCURRENCES, exceptions);
  const occurring = new Set(occurrences.map((o) => o.event.id));
  return icsOf(
    db,
    events.filter((e) => occurring.has(e.id)),
    'Mall CRM',
    exceptions.filter((x) => occurring.has(x.eventId)),
  );
}
