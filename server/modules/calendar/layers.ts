import { and, asc, between, eq, gte, inArray, lte, notInArray } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import { almatyToday, fromAlmatyInput } from '../../../src/shared/almaty';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { contracts, renters, requests, tasks } from '../../db/schema';
import { contractViewerOrNull } from '../contracts/access';
import { viewerOrNull as requestViewerOf } from '../requests/access';
import { taskViewerOf } from '../tasks/access';
import { completedStatuses } from '../tasks/queries';

type Layer = components['schemas']['CalendarLayer'];
type Deadline = components['schemas']['CalendarDeadline'];

/**
 * The read-only layers beside the events: deadlines of open tasks and requests in [from, to), through
 * each module's own viewer, so a layer shows only what its list would. A new layer is one more entry here
 * and in the CalendarLayer enum.
 */
const layers: Record<Layer, (db: Db, user: AuthedUser, from: Date, to: Date) => Promise<Deadline[]>> = {
  async tasks(db, user, from, to) {
    const viewer = await taskViewerOf(db, user);
    const rows = await db
      .select({ id: tasks.id, title: tasks.title, at: tasks.deadlineAt })
      .from(tasks)
      .where(and(viewer.scope, notInArray(tasks.status, [...completedStatuses]), between(tasks.deadlineAt, from, to)))
      .orderBy(asc(tasks.deadlineAt))
      .limit(500);
    return rows.map((r) => ({ layer: 'tasks', id: r.id, title: r.title, at: r.at.toISOString() }));
  },
  async requests(db, user, from, to) {
    const viewer = await requestViewerOf(db, user);
    if (!viewer) return [];
    const rows = await db
      .select({ id: requests.id, number: requests.number, at: requests.deadlineAt })
      .from(requests)
      .where(and(viewer.scope, notInArray(requests.status, ['done', 'closed', 'rejected']), between(requests.deadlineAt, from, to)))
      .orderBy(asc(requests.deadlineAt))
      .limit(500);
    return rows.map((r) => ({ layer: 'requests', id: r.id, title: `№${r.number}`, at: r.at.toISOString() }));
  },
  /** Leases in force on their end day (a date: its start in Asia/Almaty), titled by number and tenant. */
  async contracts(db, user, from, to) {
    const viewer = await contractViewerOrNull(db, user);
    if (!viewer) return [];
    const rows = await db
      .select({ id: contracts.id, number: contracts.number, renter: renters.legalName, endsOn: contracts.endsOn })
      .from(contracts)
      .innerJoin(renters, eq(renters.id, contracts.renterId))
      .where(
        and(viewer.scope, inArray(contracts.status, ['active', 'expiring']), gte(contracts.endsOn, almatyToday(from)), lte(contracts.endsOn, almatyToday(to))),
      )
      .orderBy(asc(contracts.endsOn))
      .limit(500);
    return rows
      .map((r) => ({
        layer: 'contracts' as const,
        id: r.id,
        title: `№${r.number} · ${r.renter}`,
        at: fromAlmatyInput(`${r.endsOn}T00:00`),
      }))
      .filter((d) => d.at >= from.toISOString() && d.at <= to.toISOString());
  },
};

export async function deadlinesOf(db: Db, user: AuthedUser, asked: readonly Layer[], from: Date, to: Date): Promise<Deadline[]> {
  const found = await Promise.all([...new Set(asked)].map((layer) => layers[layer](db, user, from, to)));
  return found.flat();
}
