import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { rows } from '../../../db/rows';
import { employeeAccess, employees, requestEscalations, requestEvents, requests, users } from '../../../db/schema';
import { defineInterval } from '../../../jobs/declare';
import { every, type Job } from '../../../jobs/every';
import { notifyEach } from '../../notifications/notify';
import { deadlinesOf, type RequestSla, slaOf, stepsDue } from './deadlines';
import { type LandlordClock, landlordClock } from './settings';

export const escalationInterval = defineInterval({
  env: 'REQUEST_ESCALATION_INTERVAL_MS',
  key: 'requestEscalationIntervalMs',
  defaultMs: 60_000,
  describe:
    "how often each API process sends the escalation steps of requests' SLA that came due (each step of a request claimed once under a unique key by one INSERT … ON CONFLICT DO NOTHING, safe with several processes); `0` disables it",
});

const system = { userId: null, name: '' };
/** A PostgreSQL array literal of values without quotes or backslashes (uuids, ISO instants, step keys), NULL for null. */
const arrayOf = (values: ReadonlyArray<string | null>) => `{${values.map((v) => (v === null ? 'NULL' : `"${v}"`)).join(',')}}`;

/**
 * The scan: open requests whose next step is due, oldest first. Its predicate is written as the partial
 * index requests_escalation_idx's (literals, not parameters), so the plan is a range scan of that index
 * alone at any size of the journal.
 */
export const dueScan = (now: Date, limit: number) => sql`
  select id, landlord_id, number, type_id, priority, created_at, taken_at, paused_minutes, assignee_employee_id, next_escalation_at
  from ${requests}
  where status not in ('done', 'closed', 'rejected') and next_escalation_at is not null and next_escalation_at <= ${now.toISOString()}::timestamptz
  order by next_escalation_at limit ${limit}`;

type Due = {
  id: string;
  landlord_id: string;
  number: number;
  type_id: string;
  priority: 'emergency' | 'high' | 'normal' | 'low';
  created_at: Date | string;
  taken_at: Date | string | null;
  paused_minutes: number;
  assignee_employee_id: string | null;
  next_escalation_at: Date | string;
};

/** "100 % + 1:00": the step as the history shows it, in no language. */
const stepLabel = (percent: number, delay: number) =>
  delay ? `${percent} % + ${Math.floor(delay / 60)}:${String(delay % 60).padStart(2, '0')}` : `${percent} %`;

/** Who each kind of recipient is, for the landlords and assignees of a batch: three reads, whatever its size. */
async function audiences(tx: Tx, due: Due[]) {
  const landlordIds = [...new Set(due.map((r) => r.landlord_id))];
  const assigneeIds = [...new Set(due.flatMap((r) => (r.assignee_employee_id ? [r.assignee_employee_id] : [])))];
  const assignees = assigneeIds.length
    ? await tx.select({ id: employees.id, userId: employees.userId }).from(employees).where(inArray(employees.id, assigneeIds))
    : [];
  const main = await tx
    .select({ landlordId: employees.landlordId, userId: employees.userId })
    .from(employees)
    .innerJoin(employeeAccess, and(eq(employeeAccess.employeeId, employees.id), eq(employeeAccess.module, 'requests'), eq(employeeAccess.level, 'main')))
    .where(and(inArray(employees.landlordId, landlordIds), eq(employees.status, 'active')));
  const landlords = await tx
    .select({ landlordId: users.landlordId, userId: users.id })
    .from(users)
    .where(and(inArray(users.landlordId, landlordIds), eq(users.role, 'landlord')));
  const byLandlord = (list: { landlordId: string | null; userId: string | null }[], id: string) => list.filter((x) => x.landlordId === id).map((x) => x.userId);
  return {
    assignee: (r: Due) => assignees.filter((a) => a.id === r.assignee_employee_id).map((a) => a.userId),
    main: (r: Due) => byLandlord(main, r.landlord_id),
    landlord: (r: Due) => byLandlord(landlords, r.landlord_id),
  };
}

/**
 * One run of the escalation job at `now`: the due requests (dueScan), each one's steps worked out on its
 * SLA's clock, and every step due and not yet sent claimed by ONE `INSERT … SELECT FROM unnest … ON CONFLICT
 * DO NOTHING RETURNING` under request_escalations' key. Of several processes running at once, the second
 * waits for the first's rows and gets none back, so each step is told once: through notifyEach (inbox and
 * every channel) and as a line of the request's history, in the claim's transaction. Then each request's next
 * step is written, unless a transition moved it meanwhile. Returns how many steps this run sent.
 */
export async function runEscalations(db: Db, now = new Date(), limit = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await rows<Due>(tx, dueScan(now, limit));
    if (due.length === 0) return 0;
    const ids = due.map((r) => r.id);
    const sent = await tx
      .select({ requestId: requestEscalations.requestId, step: requestEscalations.step })
      .from(requestEscalations)
      .where(inArray(requestEscalations.requestId, ids));
    // One read of each landlord's clock and of each type and priority's SLA per run.
    const clocks = new Map<string, Promise<LandlordClock>>();
    const slas = new Map<string, Promise<RequestSla>>();
    const slaFor = (r: Due) => {
      const clock = clocks.get(r.landlord_id) ?? landlordClock(tx, r.landlord_id);
      clocks.set(r.landlord_id, clock);
      const key = `${r.landlord_id}|${r.type_id}|${r.priority}`;
      const sla = slas.get(key) ?? clock.then((c) => slaOf(tx, r.landlord_id, r.type_id, r.priority, c));
      slas.set(key, sla);
      return sla;
    };
    const claims: { r: Due; key: string; step: RequestSla['steps'][number]; deadline: Date }[] = [];
    const next: { id: string; at: string | null; was: string }[] = [];
    for (const r of due) {
      const sla = await slaFor(r);
      const done = new Set(sent.filter((s) => s.requestId === r.id).map((s) => s.step));
      const state = { createdAt: new Date(r.created_at), pausedMinutes: r.paused_minutes, taken: r.taken_at !== null };
      const deadlines = deadlinesOf(sla, state);
      const open = stepsDue(sla, state).filter((s) => !done.has(s.key));
      for (const s of open.filter((x) => x.at <= now)) {
        claims.push({ r, key: s.key, step: s.step, deadline: (s.step.clock === 'take' ? deadlines.takeDeadlineAt : null) ?? deadlines.deadlineAt });
      }
      const later = open.filter((x) => x.at > now).map((x) => x.at.getTime());
      next.push({ id: r.id, at: later.length ? new Date(Math.min(...later)).toISOString() : null, was: new Date(r.next_escalation_at).toISOString() });
    }
    let told = 0;
    if (claims.length > 0) {
      const claimed = await rows<{ request_id: string; step: string }>(
        tx,
        sql`insert into ${requestEscalations} (request_id, step, sent_at)
          select c.request_id, c.step, ${now.toISOString()}::timestamptz
          from unnest(${arrayOf(claims.map((c) => c.r.id))}::uuid[], ${arrayOf(claims.map((c) => c.key))}::text[]) as c (request_id, step)
          on conflict do nothing returning request_id, step`,
      );
      const mine = new Set(claimed.map((c) => `${c.request_id}|${c.step}`));
      const ours = claims.filter((c) => mine.has(`${c.r.id}|${c.key}`));
      if (ours.length > 0) {
        const who = await audiences(
          tx,
          ours.map((c) => c.r),
        );
        await notifyEach(
          tx,
          ours.map((c) => ({
            recipients: who[c.step.notify](c.r),
            notice: {
              kind: 'request.escalation',
              landlordId: c.r.landlord_id,
              subject: { type: 'request', id: c.r.id },
              params: { number: c.r.number, clock: c.step.clock, percent: c.step.percent, deadline: c.deadline.toISOString() },
              actor: system,
            },
          })),
        );
        await tx.insert(requestEvents).values(
          ours.map((c) => ({
            requestId: c.r.id,
            actorUserId: null,
            actorName: '',
            event: `request.escalation.${c.step.clock}`,
            comment: stepLabel(c.step.percent, c.step.delay_minutes),
            createdAt: now,
          })),
        );
        told = ours.length;
      }
    }
    // A transition between the scan and here wrote its own next step: that one stands.
    await tx.execute(sql`update ${requests} set next_escalation_at = v.at
      from unnest(${arrayOf(next.map((n) => n.id))}::uuid[], ${arrayOf(next.map((n) => n.at))}::timestamptz[], ${arrayOf(next.map((n) => n.was))}::timestamptz[]) as v (id, at, was)
      where ${requests.id} = v.id and ${requests.nextEscalationAt} = v.was`);
    return told;
  });
}

/** Runs the escalations every `intervalMs` (REQUEST_ESCALATION_INTERVAL_MS; 0 disables it). */
export const startEscalationJob = (db: Db, intervalMs: number, onError: (err: unknown) => void): Job => every(intervalMs, () => runEscalations(db), onError);
