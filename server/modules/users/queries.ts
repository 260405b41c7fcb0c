import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { components } from '#/api/schema';
import { accessModules } from '../../auth/levels';
import type { Db } from '../../db/client';
import { employeeAccess, employees, landlords, objects, rooms, users } from '../../db/schema';
import type { Storage } from '../../storage/storage';

export type UserRow = typeof users.$inferSelect;
type UserDto = components['schemas']['User'];

/** Finds a user by username or e-mail, case-insensitively. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const [byName] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, value))
    .limit(1);
  if (byName) return byName;
  const [byEmail] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, value))
    .limit(1);
  return byEmail;
}

const roomObject = alias(objects, 'room_object');

/** An employee's level in every module (no grant = none); null for the landlord and superadmin, who may do everything in scope. */
async function accessOf(db: Db, u: UserRow): Promise<UserDto['access']> {
  if (u.role === 'landlord' || u.role === 'superadmin') return null;
  if (u.role !== 'employee') return {};
  const rows = await db
    .select({ module: employeeAccess.module, level: employeeAccess.level })
    .from(employeeAccess)
    .innerJoin(employees, eq(employees.id, employeeAccess.employeeId))
    .where(eq(employees.userId, u.id));
  const granted = new Map(rows.map((r) => [r.module, r.level]));
  return Object.fromEntries(accessModules.map((m) => [m, granted.get(m) ?? 'none']));
}

/** The landlord always; an employee with notification access (POST /employee-notifications/permissions). */
async function canNotify(db: Db, u: UserRow): Promise<boolean> {
  if (u.role === 'landlord') return true;
  if (u.role !== 'employee') return false;
  const [row] = await db.select({ canNotify: employees.canNotify }).from(employees).where(eq(employees.userId, u.id));
  return row?.canNotify ?? false;
}

/** The User of the contract: the land (object) or room with its logo, which is also the avatar. */
export async function presentUser(db: Db, storage: Storage, userId: string): Promise<UserDto | undefined> {
  const [row] = await db
    .select({ user: users, object: objects, room: rooms, roomObject })
    .from(users)
    .leftJoin(objects, eq(objects.id, users.objectId))
    .leftJoin(rooms, eq(rooms.id, users.roomId))
    .leftJoin(roomObject, eq(roomObject.id, rooms.objectId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const logo = (key: string | null | undefined) => (key ? storage.url(key) : null);
  const land = row.object ?? row.roomObject;
  const landDto = land ? { id: land.id, name: land.name, logo_url: logo(land.logoKey) } : null;
  const roomDto = row.room ? { id: row.room.id, name: row.room.number, logo_url: logo(row.room.logoKey) } : null;
  const u = row.user;
  return {
    can_notify: await canNotify(db, u),
    access: await accessOf(db, u),
    id: u.id,
    username: u.username,
    email: u.email,
    full_name: u.fullName,
    role: u.role,
    language: u.language,
    landlord_id: u.landlordId,
    avatar_url: roomDto?.logo_url ?? landDto?.logo_url ?? null,
    land: landDto,
    room: roomDto,
  };
}

export async function getLandlordSummary(db: Db, landlordId: string) {
  const [row] = await db.select({ id: landlords.id, name: landlords.name }).from(landlords).where(eq(landlords.id, landlordId));
  return row;
}
