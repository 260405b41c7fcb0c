import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { ContractStatus } from '../../../machines/contract';
import { almatyCurrentDate } from '../../db/almaty';
import type { Db, Tx } from '../../db/client';
import { contractEvents, contractSettings, contracts } from '../../db/schema';
import { every, type Job } from '../../jobs/every';
import { leasesNoticed } from './notices';
import { DEFAULT_EXPIRING_DAYS } from './service';

const lease = { id: contracts.id, landlordId: contracts.landlordId, number: contracts.number, endsOn: contracts.endsOn };
const expiringDays = sql`coalesce((select ${contractSettings.expiringDays} from ${contractSettings} where ${contractSettings.landlordId} = ${contracts.landlordId}), ${DEFAULT_EXPIRING_DAYS})`;

/**
 * One status change of the lease job for every lease matching `when`, by ONE UPDATE: PostgreSQL locks
 * each row it changes and re-checks the WHERE after waiting for another writer, so with several
 * processes each lease changes once; its history entry by the system goes in the same transaction.
 */
async function move(tx: Tx, from: ContractStatus, to: ContractStatus, event: string, when: SQL | undefined, at: Date) {
  const moved = await tx
    .update(contracts)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(contracts.status, from), when))
    .returning(lease);
  if (moved.length > 0) {
    await tx
      .insert(contractEvents)
      .values(moved.map((c) => ({ contractId: c.id, actorUserId: null, actorName: '', event, fromStatus: from, toStatus: to, createdAt: at })));
  }
  return moved;
}

/**
 * The lease job, by the database's date: leases past their end day become expired (from active or
 * expiring); active leases within the landlord's expiring days of their end become expiring, and their
 * keepers are told; leases in force within 30 days of their end are told of once (`end_notice_at` is
 * set by the same UPDATE that picks them, so two runs never tell twice). Returns what this run changed.
 */
export async function runLeaseJob(db: Db, only?: string): Promise<{ expired: number; expiring: number; endNotices: number }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const one = only ? eq(contracts.id, only) : undefined;
    const ended = and(one, sql`${contracts.endsOn} < ${almatyCurrentDate}`);
    const expired = [
      ...(await move(tx, 'expiring', 'expired', 'contract.expire', ended, now)),
      ...(await move(tx, 'active', 'expired', 'contract.expire', ended, now)),
    ];
    const expiring = await move(
      tx,
      'active',
      'expiring',
      'contract.warn',
      and(one, sql`${contracts.endsOn} - ${expiringDays}::int <= ${almatyCurrentDate}`),
      now,
    );
    await leasesNoticed(tx, 'contract.expiring', expiring);
    const endingSoon = await tx
      .update(contracts)
      .set({ endNoticeAt: sql`now()` })
      .where(and(one, inArray(contracts.status, ['active', 'expiring']), isNull(contracts.endNoticeAt), sql`${contracts.endsOn} - 30 <= ${almatyCurrentDate}`))
      .returning(lease);
    await leasesNoticed(tx, 'contract.ends_soon', endingSoon);
    return { expired: expired.length, expiring: expiring.length, endNotices: endingSoon.length };
  });
}

/**
 * One lease brought up to date before it is read or acted on, as the job would have between its runs:
 * nobody sees `active` past the expiring day. A lease not in force, or outside the reader's `scope`,
 * changes nothing (one cheap look first).
 */
export async function leaseUpToDate(db: Db, id: string, scope: SQL | undefined): Promise<void> {
  const [due] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.id, id),
        scope,
        inArray(contracts.status, ['active', 'expiring']),
        or(
          and(eq(contracts.status, 'active'), sql`${contracts.endsOn} - ${expiringDays}::int <= ${almatyCurrentDate}`),
          sql`${contracts.endsOn} < ${almatyCurrentDate}`,
          and(isNull(contracts.endNoticeAt), sql`${contracts.endsOn} - 30 <= ${almatyCurrentDate}`),
        ),
      ),
    );
  if (due) await runLeaseJob(db, id);
}

/** Runs the lease job every `intervalMs` (CONTRACT_JOB_INTERVAL_MS; 0 disables it), never two runs at once in a process. */
export function startLeaseJob(db: Db, intervalMs: number, onError: (err: unknown) => void): Job {
  return every(intervalMs, () => runLeaseJob(db), onError);
}
