import { and, asc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Db } from '../../db/client';
import { employees, objects, renters, rooms, users } from '../../db/schema';
import { likeAny, likePattern } from '../../http/pagination';

const LIMIT = 1000;
type Pick = components['schemas']['UserPick'];

/** The landlord's active employees and renters with an active login, by name: the recipients' pickers. */
export async function listPickableUsers(db: Db, landlordId: string, q: { role?: 'employee' | 'renter'; search?: string }): Promise<Pick[]> {
  const pattern = likePattern(q.search);
  const found: Pick[] = [];
  if (q.role !== 'renter') {
    const rows = await db
      .select({ id: users.id, name: employees.fullName, username: users.username, position: employees.position })
      .from(employees)
      .innerJoin(users, and(eq(users.id, employees.userId), eq(users.active, true)))
      .where(and(eq(employees.landlordId, landlordId), eq(employees.status, 'active'), likeAny(pattern, [employees.fullName, users.username])))
      .orderBy(asc(sql`${employees.fullName} collate "und-x-icu"`))
      .limit(LIMIT);
    found.push(...rows.map((r) => ({ id: r.id, full_name: r.name, username: r.username, role: 'employee' as const, detail: r.position })));
  }
  if (q.role !== 'employee') {
    const rows = await db
      .select({
        id: users.id,
        name: renters.tradePointName,
        legal: renters.legalName,
        username: users.username,
        object: objects.name,
        floor: rooms.floor,
        room: rooms.number,
      })
      .from(renters)
      .innerJoin(users, and(eq(users.id, renters.userId), eq(users.active, true)))
      .innerJoin(rooms, eq(rooms.id, renters.roomId))
      .innerJoin(objects, eq(objects.id, rooms.objectId))
      .where(
        and(eq(renters.landlordId, landlordId), eq(renters.status, 'active'), likeAny(pattern, [renters.tradePointName, renters.legalName, users.username])),
      )
      .orderBy(asc(sql`${renters.tradePointName} collate "und-x-icu"`))
      .limit(LIMIT);
    found.push(
      ...rows.map((r) => ({
        id: r.id,
        full_name: `${r.name} (${r.legal})`,
        username: r.username,
        role: 'renter' as const,
        detail: `${r.object} · ${r.floor} · ${r.room}`,
      })),
    );
  }
  return found.slice(0, LIMIT);
}
