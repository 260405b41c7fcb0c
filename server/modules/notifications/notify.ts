import type { Db, Tx } from '../../db/client';
import { notifications } from '../../db/schema';
import { signalRecipients } from './signal';

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
 * Later, the push and the live event go from here too.
 */
export async function notify(tx: Db | Tx, recipients: ReadonlyArray<string | null | undefined>, notice: Notice): Promise<void> {
  await notifyEach(tx, [{ recipients, notice }]);
}

/** Several events at once (the deadline job's batch): all their rows in one multi-row INSERT. */
export async function notifyEach(tx: Db | Tx, events: ReadonlyArray<{ recipients: ReadonlyArray<string | null | undefined>; notice: Notice }>) {
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
  if (rows.length > 0) await tx.insert(notifications).values(rows);
  // The live streams (signal.ts): heard only if this transaction commits.
  await signalRecipients(
    tx,
    rows.map((row) => row.userId),
  );
}
