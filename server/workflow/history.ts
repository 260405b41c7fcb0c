import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import type { Viewer } from './viewer';
import type { HistoryTable } from './workflow';

export type HistoryEntry = {
  event: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  comment?: string | null;
  createdAt: Date;
};
/** Who acted: a login, or nobody (a visitor by name, the deadline job). */
export type Actor = { userId: string | null; name: string };

export const actorOf = (viewer: Viewer): Actor => ({ userId: viewer.user.id, name: viewer.name });

type History = { table: HistoryTable; recordKey: string };

/** One row of a record's history, in the caller's transaction. */
export async function recordHistory(tx: Db | Tx, history: History, recordId: string, actor: Actor, entry: HistoryEntry): Promise<void> {
  // The tables differ only in the column naming their record; the kit's types cannot name it.
  const values = { [history.recordKey]: recordId, actorUserId: actor.userId, actorName: actor.name, ...entry };
  await tx.insert(history.table).values(values as never);
}

/** The first entry of a record's history: made by `actor`, in its first status. */
export async function recordCreated(tx: Db | Tx, wf: { name: string; history?: History }, recordId: string, actor: Actor, status: string, at: Date) {
  if (wf.history) await recordHistory(tx, wf.history, recordId, actor, { event: `${wf.name}.created`, toStatus: status, createdAt: at });
}

type Row = {
  id: string;
  actorUserId: string | null;
  actorName: string;
  event: string;
  fromStatus: string | null;
  toStatus: string | null;
  comment: string | null;
  createdAt: Date;
};

/** The history as the contract shows it, oldest first; `nobody` names entries without a login. */
export async function presentHistory(db: Db, history: History, recordId: string, nobody?: string) {
  const t = history.table;
  const recordColumn = (t as unknown as Record<string, typeof t.id>)[history.recordKey];
  if (!recordColumn) throw new Error(`history has no ${history.recordKey}`);
  const rows = (await db
    .select({
      id: t.id,
      actorUserId: t.actorUserId,
      actorName: t.actorName,
      event: t.event,
      fromStatus: t.fromStatus,
      toStatus: t.toStatus,
      comment: t.comment,
      createdAt: t.createdAt,
    })
    .from(t)
    .where(eq(recordColumn, recordId))
    .orderBy(asc(t.createdAt), asc(t.id))) as Row[];
  return rows.map((e) => ({
    id: e.id,
    at: e.createdAt.toISOString(),
    actor_name: e.actorUserId || nobody === undefined ? e.actorName : nobody,
    event: e.event,
    from_status: e.fromStatus,
    to_status: e.toStatus,
    comment: e.comment,
  }));
}
