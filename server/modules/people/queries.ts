import { type AnyColumn, and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { contractors, employees, objects, renters, rooms, users } from '../../db/schema';
import { scopeTo } from '../../http/caller';
import { likeAny, likePattern } from '../../http/pagination';
import { mayExecuteTasks } from '../tasks/access';
import type { Purpose, Role } from './access';

type Person = components['schemas']['Person'];
type Filter = { purpose: Purpose; roles: readonly Role[]; search?: string; limit: number };

const byName = (column: AnyColumn) => asc(sql`${column} collate "und-x-icu"`);
const none = { user_name: null, position: null, property: null, unit: null, services: null };

/**
 * The caller's landlord's people for one purpose, employees first, then renters, then contractors,
 * each by name and bounded by `limit`: the roles are asked at once, each through its landlord index.
 */
export async function listPeople(db: Db, user: AuthedUser, f: Filter): Promise<Person[]> {
  const pattern = likePattern(f.search);
  const wants = (role: Role) => f.roles.includes(role);
  const [staff, tenants, firms] = await Promise.all([
    wants('employee') ? employeesOf(db, user, f, pattern) : [],
    wants('renter') ? rentersOf(db, user, f, pattern) : [],
    wants('contractor') ? contractorsOf(db, user, f, pattern) : [],
  ]);
  return [...staff, ...tenants, ...firms];
}

/** Active employees with an active login; a task goes only to one who may work tasks. */
async function employeesOf(db: Db, user: AuthedUser, f: Filter, pattern: string | null): Promise<Person[]> {
  const rows = await db
    .select({ id: employees.id, userId: users.id, name: employees.fullName, userName: users.fullName, position: employees.position })
    .from(employees)
    .innerJoin(users, and(eq(users.id, employees.userId), eq(users.active, true)))
    .where(
      and(
        scopeTo(user, employees.landlordId),
        eq(employees.status, 'active'),
        f.purpose === 'task' ? mayExecuteTasks(db, employees.id) : undefined,
        likeAny(pattern, [employees.fullName, users.fullName]),
      ),
    )
    .orderBy(byName(employees.fullName), asc(employees.id))
    .limit(f.limit);
  return rows.map((r) => ({ ...none, id: r.id, user_id: r.userId, role: 'employee', name: r.name, user_name: r.userName, position: r.position }));
}

/** Active renters with their unit; a violation may be recorded for one without a login, the rest are logins. */
async function rentersOf(db: Db, user: AuthedUser, f: Filter, pattern: string | null): Promise<Person[]> {
  const loginNeeded = f.purpose !== 'violation';
  const login: SQL = and(eq(users.id, renters.userId), eq(users.active, true)) as SQL;
  const base = db
    .select({
      id: renters.id,
      userId: users.id,
      userName: users.fullName,
      trade: renters.tradePointName,
      legal: renters.legalName,
      objectId: objects.id,
      object: objects.name,
      roomId: rooms.id,
      room: rooms.number,
      floor: rooms.floor,
    })
    .from(renters);
  const joined = loginNeeded ? base.innerJoin(users, login) : base.leftJoin(users, login);
  const rows = await joined
    .leftJoin(rooms, eq(rooms.id, renters.roomId))
    .leftJoin(objects, eq(objects.id, rooms.objectId))
    .where(and(scopeTo(user, renters.landlordId), eq(renters.status, 'active'), likeAny(pattern, [renters.tradePointName, renters.legalName, users.fullName])))
    .orderBy(byName(renters.tradePointName), asc(renters.id))
    .limit(f.limit);
  return rows.map((r) => ({
    ...none,
    id: r.id,
    user_id: r.userId,
    user_name: r.userName,
    role: 'renter',
    name: `${r.trade} (${r.legal})`,
    property: r.objectId && r.object !== null ? { id: r.objectId, name: r.object } : null,
    unit: r.roomId && r.room !== null && r.floor !== null ? { id: r.roomId, number: r.room, floor: r.floor } : null,
  }));
}

async function contractorsOf(db: Db, user: AuthedUser, f: Filter, pattern: string | null): Promise<Person[]> {
  const rows = await db
    .select({ id: contractors.id, name: contractors.name, services: contractors.services })
    .from(contractors)
    .where(and(scopeTo(user, contractors.landlordId), eq(contractors.status, 'active'), likeAny(pattern, [contractors.name])))
    .orderBy(byName(contractors.name), asc(contractors.id))
    .limit(f.limit);
  return rows.map((r) => ({ ...none, id: r.id, user_id: null, role: 'contractor', name: r.name, services: r.services }));
}
