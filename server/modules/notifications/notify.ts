import type { Db, Tx } from '../../db/client';
import { notifications } from '../../db/schema';
import { queuePushes } from '../push/outbox';

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
 * caller's transaction (a refused change notifies nobody). Each person once, the actor never.
 * The push of each row is queued in the same transaction (../push/outbox.ts).
 */
export async function notify(tx: Db | Tx, recipients: ReadonlyArray<string | null | undefined>, notice: Notice, options?: NotifyOptions): Promise<void> {
  await notifyEach(tx, [{ recipients, notice }], options);
}

/** `push: false`: inbox rows only (a calendar event whose push is off). */
export type NotifyOptions = { push?: boolean };

/** Several events at once (the deadline job's batch): all their rows in one multi-row INSERT. */
export async function notifyEach(
  tx: Db | Tx,
  events: ReadonlyArray<{ recipients: ReadonlyArray<string | null | undefined>; notice: Notice }>,
  options: NotifyOptions = {},
) {
  const rows = events.flatMap(({ recipients, notice }) =>
    [...new Set(recipients.filter((id): id is string => Boolean(id) && id !== notice.actor.userId))].map((userId) => ({
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
  if (options.push !== false) await queuePushes(tx, inserted);
}
