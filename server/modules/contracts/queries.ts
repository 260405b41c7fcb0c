import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import { almatyCurrentDate } from '../../db/almaty';
import type { Db } from '../../db/client';
import { contractRooms, contracts, objects, renters, rooms } from '../../db/schema';
import { BADGE_CAP, badge, likeAny, likePattern, pageWithTotal } from '../../http/pagination';

export type ContractListItem = components['schemas']['ContractListItem'];
export type ContractSort = 'ends_on' | '-ends_on' | '-created_at' | 'number';
export type ContractFilter = {
  search?: string;
  status?: components['schemas']['ContractStatus'];
  objectId?: string;
  renterId?: string;
  endsWithin?: number;
};

const order: Record<ContractSort, SQL[]> = {
  ends_on: [asc(contracts.endsOn), asc(contracts.id)],
  '-ends_on': [desc(contracts.endsOn), desc(contracts.id)],
  '-created_at': [desc(contracts.createdAt), desc(contracts.id)],
  number: [asc(sql`${contracts.number} collate "und-x-icu"`), asc(contracts.id)],
};

function contractWhere(scope: SQL | undefined, f: ContractFilter): SQL | undefined {
  const pattern = likePattern(f.search);
  return and(
    scope,
    f.status ? eq(contracts.status, f.status) : undefined,
    f.objectId ? eq(contracts.objectId, f.objectId) : undefined,
    f.renterId ? eq(contracts.renterId, f.renterId) : undefined,
    f.endsWithin !== undefined
      ? and(inArray(contracts.status, ['active', 'expiring']), sql`${contracts.endsOn} <= ${almatyCurrentDate} + ${f.endsWithin}::int`)
      : undefined,
    likeAny(pattern, [contracts.number, renters.legalName, renters.tradePointName]),
  );
}

const selectContracts = (db: Db) =>
  db
    .select({ contract: contracts, renterName: renters.legalName, objectName: objects.name })
    .from(contracts)
    .innerJoin(renters, eq(renters.id, contracts.renterId))
    .innerJoin(objects, eq(objects.id, contracts.objectId));

export type ContractRow = Awaited<ReturnType<ReturnType<typeof selectContracts>['execute']>>[number];

export async function listContracts(db: Db, scope: SQL | undefined, filter: ContractFilter, sort: ContractSort, page: { limit: number; offset: number }) {
  const where = contractWhere(scope, filter);
  return pageWithTotal(
    db,
    { name: 'contracts', where, sort },
    () => selectContracts(db).where(where).$dynamic(),
    [...order[sort]],
    page,
    () => db.select({ n: count() }).from(contracts).innerJoin(renters, eq(renters.id, contracts.renterId)).where(where),
  );
}

export async function findContract(db: Db, scope: SQL | undefined, id: string): Promise<ContractRow | undefined> {
  const [row] = await selectContracts(db).where(and(scope, eq(contracts.id, id)));
  return row;
}

type RoomOf = components['schemas']['ContractRoom'] & { contractId: string };

/** The rooms of these contracts, by floor and number. */
export async function roomsOf(db: Db, contractIds: string[]): Promise<RoomOf[]> {
  if (contractIds.length === 0) return [];
  const rows = await db
    .select({ contractId: contractRooms.contractId, id: rooms.id, number: rooms.number, floor: rooms.floor, area: contractRooms.area })
    .from(contractRooms)
    .innerJoin(rooms, eq(rooms.id, contractRooms.roomId))
    .where(inArray(contractRooms.contractId, contractIds))
    .orderBy(asc(rooms.floor), asc(sql`${rooms.number} collate "und-x-icu"`));
  return rows;
}

export function toListItem(row: ContractRow, allRooms: RoomOf[]): ContractListItem {
  const c = row.contract;
  return {
    id: c.id,
    number: c.number,
    status: c.status,
    renter: { id: c.renterId, name: row.renterName },
    object: { id: c.objectId, name: row.objectName },
    rooms: allRooms.filter((r) => r.contractId === c.id).map(({ contractId: _, ...room }) => room),
    starts_on: c.startsOn,
    ends_on: c.endsOn,
    area: c.area,
    rate: c.rate,
    monthly_total: c.monthlyTotal,
    created_at: c.createdAt.toISOString(),
  };
}

/** The menu's badge: leases in status expiring in scope, counted up to the badges' cap. */
export function expiringBadge(db: Db, scope: SQL | undefined) {
  return badge(
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(contracts)
        .where(and(scope, eq(contracts.status, 'expiring')))
        .limit(BADGE_CAP)
        .as('capped'),
    ),
  );
}
