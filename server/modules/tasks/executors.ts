import { type AnyColumn, and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Db } from '../../db/client';
import { contractors, employees, objects, renters, rooms, users } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { likePattern } from '../../http/pagination';
import { atLeast } from '../../workflow/viewer';
import { mayExecuteTasks, type TaskViewer } from './access';

type Executor = components['schemas']['TaskExecutor'];

/**
 * The executor picker: whom this caller may give a task, the same people createTask accepts (active
 * logins of active renters and of active employees who may work tasks, active contractors), by name.
 */
export async function listExecutors(db: Db, viewer: TaskViewer, opts: { search?: string; limit: number; withContractors: boolean }): Promise<Executor[]> {
  const landlordId = viewer.user.landlordId;
  if (viewer.kind !== 'staff' || !landlordId || !atLeast(viewer, 'employee')) throw forbidden();
  const pattern = likePattern(opts.search);
  const byName = (column: AnyColumn) => asc(sql`${column} collate "und-x-icu"`);
  const login = and(eq(users.landlordId, landlordId), eq(users.active, true));

  const staffQuery = db
    .select({ id: users.id, name: employees.fullName, position: employees.position })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        login,
        eq(employees.landlordId, landlordId),
        eq(employees.status, 'active'),
        mayExecuteTasks(db, employees.id),
        pattern ? ilike(employees.fullName, pattern) : undefined,
      ),
    )
    .orderBy(byName(employees.fullName), asc(users.id))
    .limit(opts.limit);
  const tenantsQuery = db
    .select({ id: users.id, trade: renters.tradePointName, legal: renters.legalName, object: objects.name, room: rooms.number })
    .from(renters)
    .innerJoin(users, eq(users.id, renters.userId))
    .leftJoin(rooms, eq(rooms.id, renters.roomId))
    .leftJoin(objects, eq(objects.id, rooms.objectId))
    .where(
      and(
        login,
        eq(renters.landlordId, landlordId),
        eq(renters.status, 'active'),
        pattern ? or(ilike(renters.tradePointName, pattern), ilike(renters.legalName, pattern)) : undefined,
      ),
    )
    .orderBy(byName(renters.tradePointName), asc(users.id))
    .limit(opts.limit);
  const firmsQuery = opts.withContractors
    ? db
        .select({ id: contractors.id, name: contractors.name, services: contractors.services })
        .from(contractors)
        .where(and(eq(contractors.landlordId, landlordId), eq(contractors.status, 'active'), pattern ? ilike(contractors.name, pattern) : undefined))
        .orderBy(byName(contractors.name), asc(contractors.id))
        .limit(opts.limit)
    : [];
  // Independent: asked at once.
  const [staff, tenants, firms] = await Promise.all([staffQuery, tenantsQuery, firmsQuery]);

  return [
    // `detail` says who each one is, so two of the same name are told apart in the picker.
    ...staff.map((e) => ({ kind: 'employee' as const, id: e.id, name: e.name, detail: e.position ?? '' })),
    ...tenants.map((r) => ({
      kind: 'renter' as const,
      id: r.id,
      name: `${r.trade} (${r.legal})`,
      detail: [r.object, r.room && `№${r.room}`].filter(Boolean).join(', '),
    })),
    ...firms.map((c) => ({ kind: 'contractor' as const, id: c.id, name: c.name, detail: c.services })),
  ];
}
