import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, lt, or } from 'drizzle-orm';
import ical from 'ical-generator';
import type { Db } from '../../db/client';
import { calendarEvents, calendarFeeds, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { visibleTo } from './access';
import { expandEvents } from './queries';
import { toWall } from './recurrence';

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
 * The iCalendar text of the feed whose secret is `file` without `.ics`: the occurrences (expanded here,
 * so changed and cancelled ones need no EXDATE/RECURRENCE-ID) of the events its user sees now, from 30
 * days back to a year ahead. A revoked secret, or a user no longer active, is 404.
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
    );
  const cal = ical({ name: 'Mall CRM' });
  for (const o of await expandEvents(db, events, from, to)) {
    cal.createEvent({
      id: `${o.event.id}-${o.occurrenceStart.getTime()}@mall-crm`,
      summary: o.title,
      description: o.description ?? undefined,
      // An all-day event is a date on Almaty's calendar, whatever the subscriber's zone.
      ...(o.event.allDay ? { allDay: true, start: dateOnly(o.startsAt), end: dateOnly(o.endsAt) } : { start: o.startsAt, end: o.endsAt }),
      stamp: o.event.updatedAt,
    });
  }
  return cal.toString();
}

const dateOnly = (at: Date) => toWall(at).toISOString().slice(0, 10);
