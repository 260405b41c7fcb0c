import { and, eq, inArray } from 'drizzle-orm';
import type { components } from '../../../../src/api/schema';
import type { Db, Tx } from '../../../db/client';
import { requestEscalations, requestEvents, requests } from '../../../db/schema';
import { AppError, forbidden, invalidField } from '../../../http/errors';
import { staffMay, type Viewer } from '../access';
import type { JournalRow } from '../queries';
import { type ClockState, pausedFor, slaColumns, slaOf } from './deadlines';

type Priority = components['schemas']['RequestPriority'];
type Request = JournalRow['request'];

/** Statuses a request is still someone's work in (queries.ts isOpen): the priority of the others is history. */
const openStatuses = ['new', 'in_progress', 'paused', 'returned'];

/** A renter may only flag its request an emergency; staff choose any priority. */
export function priorityFor(viewer: Viewer, priority: Priority | undefined): Priority {
  if (!priority) return 'normal';
  if (viewer.kind === 'renter' && priority !== 'emergency' && priority !== 'normal') throw invalidField('priority', (ll) => ll.sla.errors.renterPriority());
  return priority;
}

/** A new request's deadlines and first escalation, from its SLA. */
export async function slaAtCreation(tx: Tx, landlordId: string, typeId: string, priority: Priority, now: Date) {
  return slaColumns(await slaOf(tx, landlordId, typeId, priority), { createdAt: now, pausedMinutes: 0, taken: false }, false);
}

const sentSteps = async (db: Db | Tx, id: string) =>
  new Set((await db.select({ step: requestEscalations.step }).from(requestEscalations).where(eq(requestEscalations.requestId, id))).map((r) => r.step));

/** The SLA's columns of a request computed again (a new type or priority): the pause in progress is counted at its end. */
export async function slaRecomputed(db: Db | Tx, r: Request, typeId: string, priority: Priority) {
  const sla = await slaOf(db, r.landlordId, typeId, priority);
  const state: ClockState = { createdAt: r.createdAt, pausedMinutes: r.pausedMinutes, taken: r.takenAt !== null };
  return slaColumns(sla, state, r.pausedAt !== null, await sentSteps(db, r.id));
}

/**
 * What a transition changes of the SLA: entering a status the landlord chose to stop the clock in notes
 * since when (and no escalation while it stands); leaving it for a running one adds the clock's minutes
 * it stood to the pause and computes the deadlines again; any other move finds the next escalation
 * (taken into work, the take steps no longer apply).
 */
export async function slaOnTransition(db: Db, r: Request, to: string, now: Date) {
  if (!openStatuses.includes(to) && to !== 'done') return { pausedAt: null };
  const sla = await slaOf(db, r.landlordId, r.typeId, r.priority);
  const stops = sla.pauseStatuses.includes(to);
  if (r.pausedAt && stops) return {};
  if (stops) return { pausedAt: now, nextEscalationAt: null };
  const pausedMinutes = r.pausedMinutes + (r.pausedAt ? pausedFor(sla, r.pausedAt, now) : 0);
  const state: ClockState = { createdAt: r.createdAt, pausedMinutes, taken: r.takenAt !== null || to === 'in_progress' };
  const columns = slaColumns(sla, state, false, await sentSteps(db, r.id));
  if (r.pausedAt) return { pausedAt: null, pausedMinutes, ...columns };
  return { nextEscalationAt: to === 'done' ? null : columns.nextEscalationAt };
}

/** Staff (`update`) change an open request's priority: its deadlines follow the new SLA; the history keeps it. */
export async function setPriority(db: Db, viewer: Viewer, row: JournalRow, priority: Priority): Promise<void> {
  if (!staffMay(viewer, 'update')) throw forbidden();
  const r = row.request;
  if (!openStatuses.includes(r.status)) throw new AppError(409, 'invalid_state');
  if (r.priority === priority) return;
  const columns = await slaRecomputed(db, r, r.typeId, priority);
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(requests)
      .set({ priority, ...columns, updatedAt: new Date() })
      .where(and(eq(requests.id, r.id), eq(requests.status, r.status), inArray(requests.status, openStatuses as never[])))
      .returning({ id: requests.id });
    if (changed.length === 0) throw new AppError(409, 'invalid_state');
    await tx
      .insert(requestEvents)
      .values({ requestId: r.id, actorUserId: viewer.user.id, actorName: viewer.name, event: 'request.priority', comment: priority, createdAt: new Date() });
  });
}
