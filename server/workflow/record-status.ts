import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { nextRecordStatus, type RecordEvent, type RecordStatus } from '#machines/record';
import type { Db, Tx } from '../db/client';
import { AppError } from '../http/errors';

type RegisterTable = PgTable & { id: PgColumn; status: PgColumn; updatedAt: PgColumn };

/**
 * A register's delete or restore, as machines/record.ts allows from the `stored` status; 409 when it
 * does not. The stored status is part of the UPDATE's condition, so a change made meanwhile wins and
 * this one is refused (409) too. Returns the changed row.
 */
export async function changeRecordStatus<T extends RegisterTable>(
  tx: Db | Tx,
  table: T,
  id: string,
  stored: RecordStatus,
  event: RecordEvent['type'],
): Promise<T['$inferSelect']> {
  const next = nextRecordStatus(stored, event);
  if (!next) throw new AppError(409, 'invalid_state');
  const [row] = (await tx
    .update(table)
    .set({ status: next, updatedAt: new Date() } as never)
    .where(and(eq(table.id, id), eq(table.status, stored)))
    .returning()) as T['$inferSelect'][];
  if (!row) throw new AppError(409, 'invalid_state');
  return row;
}
