import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Db } from '../../db/client';
import { fragmentKey, kept } from '../../db/kept';
import { objects, renters, rooms, users } from '../../db/schema';
import { cappedCount, likeAny, likePattern } from '../../http/pagination';
import { occupancyColumns, occupancyOf, occupancyToday } from '../contracts/occupancy';

export type RenterDto = components['schemas']['Renter'];
export type RoomOptionGroup = components['schemas']['RoomOptionGroup'];
export type RenterSort = 'legal_name' | '-legal_name' | 'created_at' | '-created_at';
export type RenterFilter = {
  scope: SQL | undefined;
  search?: string;
  status?: 'active' | 'deleted';
  landlordId?: string;
  objectId?: string;
};

/** The renter's own fields, as its form writes them: what the list shows and an import compares a row with. */
export const renterFields = {
  legalName: renters.legalName,
  binIin: renters.binIin,
  tradePointName: renters.tradePointName,
  tradeCategory: renters.tradeCategory,
  leaseContractDate: renters.leaseContractDate,
  tradeArea: renters.tradeArea,
  contactFullName: renters.contactFullName,
  contactPosition: renters.contactPosition,
  phone: renters.phone,
  email: renters.email,
  instagram: renters.instagram,
  website: renters.website,
  legalAddress: renters.legalAddress,
};

const columns = {
  id: renters.id,
  landlordId: renters.landlordId,
  userId: renters.userId,
  roomId: renters.roomId,
  ...renterFields,
  status: renters.status,
  createdAt: renters.createdAt,
  username: users.username,
  language: users.language,
  roomNumber: rooms.number,
  roomFloor: rooms.floor,
  roomArea: rooms.area,
  objectId: objects.id,
  objectName: objects.name,
  ...occupancyColumns,
};

export function toRenterDto(row: RenterRow): RenterDto {
  return {
    id: row.id,
    legal_name: row.legalName,
    bin_iin: row.binIin,
    trade_point_name: row.tradePointName,
    trade_category: row.tradeCategory,
    room_id: row.roomId,
    room: {
      id: row.roomId,
      number: row.roomNumber,
      floor: row.roomFloor,
      area: Number(row.roomArea),
      object_id: row.objectId,
      object_name: row.objectName,
      ...occupancyOf(row),
    },
    lease_contract_date: row.leaseContractDate,
    trade_area: Number(row.tradeArea),
    contact_full_name: row.contactFullName,
    contact_position: row.contactPosition,
    phone: row.phone,
    email: row.email,
    instagram: row.instagram,
    website: row.website,
    legal_address: row.legalAddress,
    status: row.status,
    username: row.username,
    language: row.language,
    created_at: row.createdAt.toISOString(),
  };
}

// Inner joins: every renter has a login and a room (NOT NULL foreign keys), every room an object. The room's
// occupancy today is the one rule's (contracts/occupancy.ts), worked out for each row's room alone (lateral).
const selectRenters = (db: Db) =>
  db
    .select(columns)
    .from(renters)
    .innerJoin(users, eq(users.id, renters.userId))
    .innerJoin(rooms, eq(rooms.id, renters.roomId))
    .innerJoin(objects, eq(objects.id, rooms.objectId))
    .leftJoinLateral(sql`${occupancyToday({ roomId: sql`${renters.roomId}` })} occ`, sql`true`);

/** A renter with its login, room and object: what the list and the view show. */
export type RenterRow = Awaited<ReturnType<typeof selectRenters>>[number];

/** The list's WHERE: scope, status (active by default), object, search over names, BIN/IIN, contact, e-mail, login. */
export function renterWhere({ scope, search, status = 'active', landlordId, objectId }: RenterFilter): SQL | undefined {
  const pattern = likePattern(search);
  return and(
    scope,
    landlordId ? eq(renters.landlordId, landlordId) : undefined,
    objectId ? sql`${renters.roomId} = any(array(select ${rooms.id} from ${rooms} where ${eq(rooms.objectId, objectId)}))` : undefined,
    eq(renters.status, status),
    likeAny(
      pattern,
      [renters.legalName, renters.tradePointName, renters.binIin, renters.contactFullName, renters.email],
      (p) => sql`${renters.userId} = any(array(select ${users.id} from ${users} where ${ilike(users.username, p)}))`,
    ),
  );
}

const byName = sql`${renters.legalName} collate "und-x-icu"`;
const renterOrder: Record<RenterSort, SQL[]> = {
  legal_name: [asc(byName), asc(renters.id)],
  '-legal_name': [desc(byName), desc(renters.id)],
  created_at: [asc(renters.createdAt), asc(renters.id)],
  '-created_at': [desc(renters.createdAt), desc(renters.id)],
};

/**
 * One page of renters and their total, counted up to COUNT_CAP (a landlord may have a hundred thousand).
 * The WHERE names only renters' own columns, so the total counts renters alone (no join per row). Both
 * statements are built once per filter and page (db/kept.ts).
 */
export async function listRenters(db: Db, filter: RenterFilter, sort: RenterSort, page: { limit: number; offset: number }) {
  const where = renterWhere(filter);
  const whereKey = fragmentKey(where);
  const rows = kept(db, `renters|${whereKey}|${sort}|${page.limit}|${page.offset}`, () =>
    selectRenters(db)
      .where(where)
      .orderBy(...renterOrder[sort])
      .limit(page.limit)
      .offset(page.offset)
      .prepare(''),
  );
  const [found, capped] = await Promise.all([rows.execute(), cappedCount(db, renters, where, whereKey)]);
  return { rows: found, ...capped };
}

/** One renter matching `where` (scope and id, or the login), or undefined (the handler answers 404). */
export async function findRenter(db: Db, where: SQL | undefined): Promise<RenterRow | undefined> {
  const [row] = await selectRenters(db).where(where).limit(1);
  return row;
}

export const renterById = (scope: SQL | undefined, id: string) => and(scope, eq(renters.id, id));
export const renterOfUser = (userId: string) => eq(renters.userId, userId);

/** True when the room belongs to the landlord: another landlord's room is "not found" for the form. */
export async function roomOfLandlord(db: Db, landlordId: string, roomId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.id, roomId), eq(rooms.landlordId, landlordId)))
    .limit(1);
  return Boolean(row);
}

/** The landlord a room belongs to: the superadmin's new renter joins the landlord of its room. */
export async function landlordOfRoom(db: Db, roomId: string): Promise<string | undefined> {
  const [row] = await db.select({ landlordId: rooms.landlordId }).from(rooms).where(eq(rooms.id, roomId)).limit(1);
  return row?.landlordId;
}

/** The room picker: objects by name, each with its rooms by floor and number. */
export async function roomOptions(db: Db, landlordId: string | undefined): Promise<RoomOptionGroup[]> {
  const rows = await db
    .select({ objectId: objects.id, objectName: objects.name, id: rooms.id, number: rooms.number, floor: rooms.floor, area: rooms.area })
    .from(rooms)
    .innerJoin(objects, eq(objects.id, rooms.objectId))
    .where(landlordId ? eq(rooms.landlordId, landlordId) : undefined)
    .orderBy(sql`${objects.name} collate "und-x-icu"`, asc(objects.id), asc(rooms.floor), sql`${rooms.number} collate "und-x-icu"`);
  const groups = new Map<string, RoomOptionGroup>();
  for (const r of rows) {
    const group = groups.get(r.objectId) ?? { id: r.objectId, name: r.objectName, rooms: [] };
    group.rooms.push({ id: r.id, number: r.number, floor: r.floor, area: Number(r.area) });
    groups.set(r.objectId, group);
  }
  return [...groups.values()];
}
