import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Locales } from '#/i18n/i18n-types';
import type { Db } from '../../db/client';
import { landlords, objects, objectTypes, rooms } from '../../db/schema';
import { nameIn, namesOf } from '../../http/names';
import { likeAny, likePattern, pageWithTotal } from '../../http/pagination';
import type { Storage } from '../../storage/storage';
import { type OccupancyRow, type OccupancyWithin, occupancyColumns, occupancyOf, occupancyToday } from '../contracts/occupancy';

export type ObjectDto = components['schemas']['MallObject'];
export type RoomDto = components['schemas']['Room'];

const objectColumns = {
  object: objects,
  landlordName: landlords.name,
  typeNames: namesOf(objectTypes),
  roomsCount: sql<number>`(select count(*)::int from rooms r where r.object_id = "objects"."id")`.mapWith(Number),
};
type ObjectRow = {
  object: typeof objects.$inferSelect;
  landlordName: string;
  typeNames: { nameRu: string; nameKk: string; nameEn: string } | null;
  roomsCount: number;
};

/** The object as the contract has it, its type named in the caller's language. */
export function toObjectDto(storage: Storage, locale: Locales, { object: o, ...r }: ObjectRow): ObjectDto {
  return {
    id: o.id,
    landlord_id: o.landlordId,
    landlord_name: r.landlordName,
    type_id: o.typeId,
    type_name: r.typeNames && nameIn(r.typeNames, locale),
    name: o.name,
    city: o.city,
    address: o.address,
    logo_url: o.logoKey ? storage.url(o.logoKey) : null,
    rooms_count: r.roomsCount,
    created_at: o.createdAt.toISOString(),
  };
}

const selectObjects = (db: Db) =>
  db.select(objectColumns).from(objects).innerJoin(landlords, eq(landlords.id, objects.landlordId)).leftJoin(objectTypes, eq(objectTypes.id, objects.typeId));

export type ObjectFilter = { scope: SQL | undefined; search?: string; landlordId?: string };
export type ObjectSort = 'name' | '-name' | 'created_at' | '-created_at';

// The id breaks ties so a page boundary never shows a row twice or skips one.
const byName = sql`${objects.name} collate "und-x-icu"`;
export const objectOrder: Record<ObjectSort, SQL[]> = {
  name: [asc(byName), asc(objects.id)],
  '-name': [desc(byName), desc(objects.id)],
  created_at: [asc(objects.createdAt), asc(objects.id)],
  '-created_at': [desc(objects.createdAt), desc(objects.id)],
};

export async function listObjects(db: Db, { scope, search, landlordId }: ObjectFilter, sort: ObjectSort, page: { limit: number; offset: number }) {
  const pattern = likePattern(search);
  const where = and(scope, landlordId ? eq(objects.landlordId, landlordId) : undefined, likeAny(pattern, [objects.name, objects.city, objects.address]));
  return pageWithTotal(
    db,
    { name: 'objects', where, sort },
    () => selectObjects(db).where(where).$dynamic(),
    [...objectOrder[sort]],
    page,
    () => db.select({ n: count() }).from(objects).where(where),
  );
}

/** One object inside the caller's scope, or undefined (404). */
export async function findObject(db: Db, scope: SQL | undefined, id: string): Promise<ObjectRow | undefined> {
  const [row] = await selectObjects(db)
    .where(and(scope, eq(objects.id, id)))
    .limit(1);
  return row;
}

type RoomRow = typeof rooms.$inferSelect & OccupancyRow;

/** A room as the API shows it: `occupied` and `occupancy` follow the one occupancy rule (contracts/occupancy.ts). */
export function toRoomDto(row: RoomRow): RoomDto {
  const occupancy = occupancyOf(row);
  return {
    id: row.id,
    object_id: row.objectId,
    number: row.number,
    floor: row.floor,
    area: Number(row.area),
    occupied: occupancy.occupancy !== 'vacant',
    ...occupancy,
  };
}

/** The rooms (of an object, or one) joined to the occupancy rule's derived table, worked out for those rooms only. */
const selectRooms = (db: Db, within: OccupancyWithin) => {
  const { id, landlordId, objectId, number, floor, area, logoKey, createdAt } = rooms;
  return db
    .select({ id, landlordId, objectId, number, floor, area, logoKey, createdAt, ...occupancyColumns })
    .from(rooms)
    .leftJoin(sql`${occupancyToday(within)} occ`, sql`occ.room_id = ${rooms.id}`);
};

export async function listRooms(db: Db, objectId: string): Promise<RoomDto[]> {
  const rows = await selectRooms(db, { objectId })
    .where(eq(rooms.objectId, objectId))
    .orderBy(asc(rooms.floor), asc(sql`${rooms.number} collate "und-x-icu"`), asc(rooms.id));
  return rows.map(toRoomDto);
}

/** One room inside the caller's scope (rooms carry landlord_id too), or undefined (404). */
export async function findRoom(db: Db, scope: SQL | undefined, id: string) {
  const [row] = await selectRooms(db, { roomId: id })
    .where(and(scope, eq(rooms.id, id)))
    .limit(1);
  return row;
}
