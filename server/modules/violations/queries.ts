import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { openViolationStatuses } from '../../../machines/violation';
import type { components } from '../../../src/api/schema';
import type { Locales } from '../../../src/i18n/i18n-types';
import { withinAlmatyDays } from '../../db/almaty';
import type { Db } from '../../db/client';
import { objects, renters, rooms, users, violationFiles, violations, violationTypes } from '../../db/schema';
import { nameIn, namesOf } from '../../http/names';
import { BADGE_CAP, badge, cappedCount, pageIds } from '../../http/pagination';
import { recordSearch } from '../../workflow/search';

export type ViolationFilter = components['schemas']['ViolationFilter'];
export type ViolationSort = '-occurred_at' | 'occurred_at' | '-number' | 'deadline_at';
export type ViolationListItem = components['schemas']['ViolationListItem'];

const isOpen = inArray(violations.status, [...openViolationStatuses]);
/** Overdue as the lists and badges mean it: marked by the deadline job, and still open. */
export const isOverdue = and(eq(violations.overdue, true), isOpen);

export function violationWhere(scope: SQL | undefined, f: ViolationFilter): SQL | undefined {
  return and(
    scope,
    f.status ? eq(violations.status, f.status) : undefined,
    f.type_id ? eq(violations.typeId, f.type_id) : undefined,
    f.object_id ? eq(violations.objectId, f.object_id) : undefined,
    f.renter_id ? eq(violations.renterId, f.renter_id) : undefined,
    withinAlmatyDays(violations.occurredAt, f),
    f.overdue ? isOverdue : undefined,
    recordSearch(f.search, { number: violations.number, renterId: violations.renterId, texts: [violations.description] }),
  );
}

const order: Record<ViolationSort, SQL[]> = {
  '-occurred_at': [desc(violations.occurredAt), desc(violations.id)],
  occurred_at: [asc(violations.occurredAt), asc(violations.id)],
  '-number': [desc(violations.number), desc(violations.id)],
  deadline_at: [sql`${violations.deadlineAt} asc nulls last`, asc(violations.id)],
};

/** A page's ids are chosen on the violations table alone, then only those rows are joined (docs: lists at scale). */
const selectViolations = (db: Db, where: SQL | undefined, orderBy: SQL[], limit: number, offset = 0) => {
  const page = pageIds(db, violations.id, where, orderBy, limit, offset);
  return db
    .select({
      violation: violations,
      type: namesOf(violationTypes),
      tradePoint: renters.tradePointName,
      legalName: renters.legalName,
      renterUserId: renters.userId,
      objectName: objects.name,
      roomNumber: rooms.number,
      recorderName: users.fullName,
      hasFixPhoto: sql<boolean>`exists (select 1 from ${violationFiles} where ${violationFiles.violationId} = ${violations.id} and ${violationFiles.kind} = 'fix')`,
    })
    .from(page)
    .innerJoin(violations, eq(violations.id, page.id))
    .innerJoin(violationTypes, eq(violationTypes.id, violations.typeId))
    .innerJoin(renters, eq(renters.id, violations.renterId))
    .innerJoin(objects, eq(objects.id, violations.objectId))
    .leftJoin(rooms, eq(rooms.id, violations.roomId))
    .innerJoin(users, eq(users.id, violations.recordedBy))
    .orderBy(...orderBy);
};

export type ViolationRow = Awaited<ReturnType<typeof selectViolations>>[number];

export function toListItem(row: ViolationRow, locale: Locales): ViolationListItem {
  const v = row.violation;
  return {
    id: v.id,
    number: v.number,
    status: v.status,
    overdue: v.overdue && (openViolationStatuses as readonly string[]).includes(v.status),
    type: { id: v.typeId, name: nameIn(row.type, locale) },
    renter: { id: v.renterId, name: row.tradePoint, legal_name: row.legalName },
    object: { id: v.objectId, name: row.objectName },
    room: v.roomId && row.roomNumber !== null ? { id: v.roomId, number: row.roomNumber } : null,
    occurred_at: v.occurredAt.toISOString(),
    deadline_at: v.deadlineAt?.toISOString() ?? null,
    fine: v.fine,
    recorded_by: { id: v.recordedBy, name: row.recorderName },
    created_at: v.createdAt.toISOString(),
  };
}

/** One page; the total is counted up to COUNT_CAP rows (cappedCount), as the requests journal does. */
export async function listViolations(db: Db, scope: SQL | undefined, filter: ViolationFilter, sort: ViolationSort, page: { limit: number; offset: number }) {
  const where = violationWhere(scope, filter);
  const [rows, capped] = await Promise.all([selectViolations(db, where, order[sort], page.limit, page.offset), cappedCount(db, violations, where)]);
  return { rows, ...capped };
}

export async function findViolation(db: Db, scope: SQL | undefined, id: string): Promise<ViolationRow | undefined> {
  const [row] = await selectViolations(db, and(scope, eq(violations.id, id)), [], 1);
  return row;
}

/** A batch of the export, keyset-paginated on (occurred_at, id) newest first: flat memory at any size. */
export async function violationBatch(db: Db, scope: SQL | undefined, filter: ViolationFilter, after: { at: Date; id: string } | null, size: number) {
  const keyset = after ? sql`(${violations.occurredAt}, ${violations.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined;
  return selectViolations(db, and(violationWhere(scope, filter), keyset), order['-occurred_at'], size);
}

/** The badges: overdue, disputed (staff's turn) and issued (the renter's turn), each counted up to BADGE_CAP. */
export function violationBadges(db: Db, scope: SQL | undefined) {
  const upTo = (where: SQL | undefined) =>
    badge(db.select({ n: count() }).from(db.select({ one: sql`1` }).from(violations).where(and(scope, where)).limit(BADGE_CAP).as('capped')));
  return {
    violations_overdue: upTo(isOverdue),
    violations_disputed: upTo(eq(violations.status, 'disputed')),
    violations_issued: upTo(eq(violations.status, 'issued')),
  };
}
