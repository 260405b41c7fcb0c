import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { signalUsers } from '../../db/live-signal';
import { rows } from '../../db/rows';
import { notifications, users } from '../../db/schema';
import { queueDeliveries } from '../deliveries/queue';

/** What an event reports: its kind (the message key), the record it is about, and the message's values. */
export type Notice = {
  kind: string;
  landlordId: string | null;
  subject: { type: string; id: string };
  params?: Record<string, string | number | null>;
  /** Who acted: never told of his own act; his name goes into the message. */
  actor: { userId: string | null; name: string };
};

/**
 * The one way an event of the product reaches people: inbox rows for `recipients`, written in the
 * caller's transaction (a refused change notifies nobody). Each person once, the actor never, a deleted
 * account never (its inbox would greet it with what happened while it was gone).
 * Its deliveries (push, e-mail, Telegram) and the live streams' signal go in the same transaction (`delivered` below).
 */
export async function notify(tx: Db | Tx, recipients: ReadonlyArray<string | null | undefined>, notice: Notice, options?: NotifyOptions): Promise<void> {
  await notifyEach(tx, [{ recipients, notice }], options);
}

/** `deliver: false`: inbox rows only, no push, e-mail or Telegram (a calendar event whose push is off). */
export type NotifyOptions = { deliver?: boolean };

/** Several events at once (the deadline job's batch): all their rows in one multi-row INSERT. */
export async function notifyEach(
  tx: Db | Tx,
  events: ReadonlyArray<{ recipients: ReadonlyArray<string | null | undefined>; notice: Notice }>,
  options: NotifyOptions = {},
) {
  const named = [...new Set(events.flatMap((e) => e.recipients).filter((id): id is string => Boolean(id)))];
  if (named.length === 0) return;
  const active = new Set(
    (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, named), eq(users.active, true)))
    ).map((u) => u.id),
  );
  const rows = events.flatMap(({ recipients, notice }) =>
    [...new Set(recipients.filter((id): id is string => typeof id === 'string' && id !== notice.actor.userId && active.has(id)))].map((userId) => ({
      landlordId: notice.landlordId,
      userId,
      kind: notice.kind,
      params: notice.params ?? {},
      actorName: notice.actor.userId ? notice.actor.name : null,
      subjectType: notice.subject.type,
      subjectId: notice.subject.id,
    })),
  );
  if (rows.length === 0) return;
  const inserted = await tx.insert(notifications).values(rows).returning({ id: notifications.id });
  await delivered(
    tx,
    inserted,
    rows.map((row) => row.userId),
    options,
  );
}

/** Who of an audience would be told: each active login, never the actor (as notifyRows tells them). */
const told = (recipients: SQL, actorId: string | null | undefined) =>
  sql`from (${recipients}) as audience (user_id) join ${users} u on u.id = audience.user_id and u.active
    where audience.user_id is not null ${actorId ? sql`and audience.user_id <> ${actorId}::uuid` : sql``}`;

/** How many notifyAudience would tell now: the same people, counted, nothing written (a notice form's reach). */
export async function countAudience(db: Db | Tx, recipients: SQL, actorId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(distinct audience.user_id)::int as n ${told(recipients, actorId)}`);
  return row?.n ?? 0;
}

/**
 * One event to an audience given as a query (`recipients` selects one column of user ids): the rows
 * are written by one INSERT ... SELECT, however many people it reaches (a notice to every renter of
 * a centre), with notifyEach's rules: each person once, the actor never. Returns how many were told.
 */
export function notifyAudience(tx: Db | Tx, recipients: SQL, notice: Notice): Promise<number> {
  return notifyRows(
    tx,
    notice.kind,
    notice.subject.type,
    sql`select distinct ${notice.landlordId}::uuid, audience.user_id, ${notice.subject.id}::uuid, ${JSON.stringify(notice.params ?? {})}::jsonb
      from (${recipients}) as audience (user_id) where audience.user_id is not null`,
    notice.actor,
  );
}

/**
 * Many events of one kind at once, given as a query of `(landlord_id, user_id, subject_id, params)` rows
 * (an audience's one notice; the month's run: each tenant its invoice; the reminders of every landlord):
 * one INSERT ... SELECT however many there are, with notifyEach's rules (active logins only, the actor
 * never). Returns how many were told.
 */
export async function notifyRows(tx: Db | Tx, kind: string, subjectType: string, events: SQL, actor: Notice['actor']): Promise<number> {
  // A bigint id comes back as text on node-postgres.
  const inserted = await rows<{ id: number | string; user_id: string }>(
    tx,
    sql`
    insert into ${notifications} (landlord_id, user_id, kind, params, actor_name, subject_type, subject_id)
    select e.landlord_id, e.user_id, ${kind}, e.params, ${actor.userId ? actor.name : null}::text, ${subjectType}, e.subject_id
    from (${events}) as e (landlord_id, user_id, subject_id, params) join ${users} u on u.id = e.user_id and u.active
    ${actor.userId ? sql`where e.user_id <> ${actor.userId}::uuid` : sql``}
    returning id, user_id`,
  );
  await delivered(
    tx,
    inserted.map((r) => ({ id: Number(r.id) })),
    inserted.map((r) => r.user_id),
  );
  return inserted.length;
}

/**
 * What follows every INSERT of inbox rows, in the same transaction: their deliveries queued by the
 * channels each person chose (../deliveries/queue.ts) and the live streams of their recipients
 * signalled (db/live-signal.ts: heard only if this transaction commits).
 */
async function delivered(tx: Db | Tx, inserted: ReadonlyArray<{ id: number }>, userIds: ReadonlyArray<string>, options: NotifyOptions = {}) {
  if (options.deliver !== false)
    await queueDeliveries(
      tx,
      inserted.map((r) => r.id),
    );
  await signalUsers(tx, 'notifications', userIds);
}
