import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Db } from '../../db/client';
import { contractRooms, renters, rooms, users } from '../../db/schema';
import { AppError, invalidField } from '../../http/errors';

type RoomInput = components['schemas']['RoomInput'];

/** Number trimmed and free in the object (any letter case); area rounded to the column's two decimals. */
async function columnsOf(db: Db, objectId: string, input: RoomInput, exceptId?: string) {
  const number = input.number.trim();
  if (!number) throw invalidField('number', (ll) => ll.validation.required());
  const area = Math.round(input.area * 100) / 100;
  if (!(area > 0) || area > 1_000_000) throw invalidField('area', (ll) => ll.validation.area());
  if (!Number.isInteger(input.floor) || input.floor < -5 || input.floor > 200) {
    throw invalidField('floor', (ll) => ll.validation.floor());
  }
  const [taken] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.objectId, objectId), eq(sql`lower(${rooms.number})`, number.toLowerCase()), exceptId ? ne(rooms.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new AppError(409, 'room_number_taken', { number: (ll) => ll.errors.room_number_taken() });
  return { number, floor: input.floor, area: area.toFixed(2) };
}

export async function createRoom(db: Db, object: { id: string; landlordId: string }, input: RoomInput): Promise<string> {
  const values = await columnsOf(db, object.id, input);
  const [row] = await db
    .insert(rooms)
    .values({ ...values, objectId: object.id, landlordId: object.landlordId })
    .returning({ id: rooms.id });
  if (!row) throw new Error('room not created');
  return row.id;
}

export async function updateRoom(db: Db, room: { id: string; objectId: string }, input: RoomInput): Promise<void> {
  await db
    .update(rooms)
    .set(await columnsOf(db, room.objectId, input, room.id))
    .where(eq(rooms.id, room.id));
}

/** Erased (rooms have no status): refused while a renter, active or deleted, is recorded in it, or a lease names it. */
export async function deleteRoom(db: Db, roomId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [used] = await tx.select({ n: count() }).from(renters).where(eq(renters.roomId, roomId));
    if ((used?.n ?? 0) > 0) throw new AppError(409, 'in_use');
    const [leased] = await tx.select({ n: count() }).from(contractRooms).where(eq(contractRooms.roomId, roomId));
    if ((leased?.n ?? 0) > 0) throw new AppError(409, 'in_use');
    await tx.update(users).set({ roomId: null }).where(eq(users.roomId, roomId));
    await tx.delete(rooms).where(eq(rooms.id, roomId));
  });
}
