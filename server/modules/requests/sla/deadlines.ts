import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { type EscalationStep, requestSlaTargets, type requests, requestTypeSla } from '../../../db/schema';
import { landlordType } from '../catalogue';
import { addClockMinutes, type Clock, clockMinutesBetween } from './clock';
import { clockOf, defaultEscalation, type LandlordClock, landlordClock, stepKey } from './settings';

type Priority = (typeof requests.$inferSelect)['priority'];

/** What a request of a type and priority is held to: its clock, minutes to take (null: no target) and to resolve, its escalation. */
export type RequestSla = { clock: Clock; take: number | null; resolve: number; steps: EscalationStep[]; pauseStatuses: readonly string[] };

/** The request's clock state: filed when, minutes of the clock paused, taken into work or not. */
export type ClockState = { createdAt: Date; pausedMinutes: number; taken: boolean };

const HOUR_MINUTES = 60;

/**
 * The SLA of a type and priority for the landlord: its target on the type's clock (else the landlord's),
 * or without a target today's rule: the type's time to resolve on the calendar, no time to take.
 */
export async function slaOf(db: Db | Tx, landlordId: string, typeId: string, priority: Priority, clock?: LandlordClock): Promise<RequestSla> {
  const [c, [target], [own]] = await Promise.all([
    clock ?? landlordClock(db, landlordId),
    db
      .select()
      .from(requestSlaTargets)
      .where(and(eq(requestSlaTargets.landlordId, landlordId), eq(requestSlaTargets.typeId, typeId), eq(requestSlaTargets.priority, priority))),
    db
      .select()
      .from(requestTypeSla)
      .where(and(eq(requestTypeSla.landlordId, landlordId), eq(requestTypeSla.typeId, typeId))),
  ]);
  const steps = own?.escalation ?? defaultEscalation;
  if (target) {
    return { clock: clockOf(own?.clock ?? c.clock, c), take: target.takeMinutes, resolve: target.resolveMinutes, steps, pauseStatuses: c.pauseStatuses };
  }
  const type = await landlordType(db, landlordId, typeId);
  return { clock: { kind: 'calendar' }, take: null, resolve: (type?.resolveHours ?? 24) * HOUR_MINUTES, steps, pauseStatuses: c.pauseStatuses };
}

/** The instant `minutes` of the SLA's clock after filing, plus the time the clock was stopped. */
const after = (sla: RequestSla, s: ClockState, minutes: number) => addClockMinutes(sla.clock, s.createdAt, minutes + s.pausedMinutes);

export function deadlinesOf(sla: RequestSla, s: ClockState): { deadlineAt: Date; takeDeadlineAt: Date | null } {
  return { deadlineAt: after(sla, s, sla.resolve), takeDeadlineAt: sla.take === null ? null : after(sla, s, sla.take) };
}

/** Each step that still applies (take steps only while not taken), with its instant. */
export function stepsDue(sla: RequestSla, s: ClockState): { key: string; step: EscalationStep; at: Date }[] {
  return sla.steps.flatMap((step) => {
    const total = step.clock === 'take' ? sla.take : sla.resolve;
    if (total === null || (step.clock === 'take' && s.taken)) return [];
    const at = new Date(after(sla, s, Math.floor((total * step.percent) / 100)).getTime() + step.delay_minutes * 60_000);
    return [{ key: stepKey(step), step, at }];
  });
}

/** The earliest step not yet sent, or null. */
export function nextEscalation(sla: RequestSla, s: ClockState, sent: ReadonlySet<string>): Date | null {
  const times = stepsDue(sla, s)
    .filter((x) => !sent.has(x.key))
    .map((x) => x.at.getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}

/** The columns a request's SLA keeps (deadlines and its next escalation), computed for its clock state; none while paused. */
export function slaColumns(sla: RequestSla, s: ClockState, paused: boolean, sent: ReadonlySet<string> = new Set()) {
  return { ...deadlinesOf(sla, s), nextEscalationAt: paused ? null : nextEscalation(sla, s, sent) };
}

/** How long the clock stood still from `pausedAt` to `now`, in the SLA's minutes. */
export const pausedFor = (sla: RequestSla, pausedAt: Date, now: Date) => clockMinutesBetween(sla.clock, pausedAt, now);
