import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import type { Actor } from './history';
import type { Viewer } from './viewer';

/** The columns every history table has (who, when, from, to, comment). */
export type HistoryTable = PgTable & {
  id: PgColumn;
  actorUserId: PgColumn;
  actorName: PgColumn;
  event: PgColumn;
  fromStatus: PgColumn;
  toStatus: PgColumn;
  comment: PgColumn;
  createdAt: PgColumn;
};

/** The columns every file table has; a module adds its own (a name, a kind, a set). */
export type FileTable = PgTable & { id: PgColumn; key: PgColumn; contentType: PgColumn; size: PgColumn; createdAt: PgColumn };

/**
 * What a module with a lifecycle tells the kit: its tables, its machine, and how the
 * caller's side is derived. Everything else (deciding, the guarded UPDATE, history, comments, files,
 * actions) is the kit's, the same for every module.
 *
 * `R` is the module's row as it reads it, `E` its machine's events, `A` the sides (`by`) of its machine.
 */
export type Workflow<R, E extends string, A extends string, V extends Viewer = Viewer> = {
  /** The record's word in history events: `${name}.comment`, `${name}.file`. */
  name: string;
  record: PgTable & { id: PgColumn; status: PgColumn; updatedAt: PgColumn };
  /** The id and stored status of a row. */
  keyOf(row: R): { id: string; status: string };
  /** The history table and the property naming the record in it; none for a module without history. */
  history?: { table: HistoryTable; recordKey: string };
  files?: { table: FileTable; recordKey: string; recordId: PgColumn; prefix: string; maxFiles: number };
  /** Every side of the machine, the system's too: an event one of them could send is a 403 for the others. */
  actors: readonly A[];
  /** The machine's answer: the next status (and what else it changes), or null when it refuses. */
  next(row: R, event: E, by: A): { status: string; set?: Record<string, unknown> } | null;
  /** The machine's events `by` may send now. */
  events(row: R, by: A): E[];
  /** The sides this caller plays on this record (none, one, or several). */
  sidesOf(viewer: V, row: R): A[];
  /** A module's own rule on top of the machine (e.g. a level per event); everything by default. */
  permits?(viewer: V, by: A, event: E): boolean;
  /** Events refused without a comment (a reason, a return note). */
  needsComment?: readonly E[];
  /** What else a transition changes beyond the record's row (a lease's rooms), in its transaction, before anyone is told. */
  apply?(tx: Db | Tx, row: R, change: Change<E>): Promise<void>;
  /** Who is told of a transition (through notify()), in its transaction: the module knows its people. */
  notify?(tx: Db | Tx, row: R, change: Change<E>): Promise<void>;
};

/** A transition as it was applied: what `notify` reports. `set` holds what else changed (an assignee). */
export type Change<E extends string> = { event: E; from: string; to: string; set: Record<string, unknown>; actor: Actor };
