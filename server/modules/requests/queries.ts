import { aliasedTable, and, asc, count, desc, eq, ilike, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Locales } from '../../../src/i18n/i18n-types';
import type { Db } from '../../db/client';
import { contractors, employees, landlords, objectTypes, objects, renters, requestFiles, requestTypes, requests } from '../../db/schema';
import { likePattern } from '../../http/pagination';
import { typeName } from './catalogue';

export type RequestFilter = components['schemas']['RequestFilter'] & { landlordId?: string };
export type RequestSort = '-created_at' | 'created_at' | 'deadline_at' | '-number';
export type RequestListItem = components['schemas']['RequestListItem'];

/** Open: still someone's work (the same predicate as the partial index requests_open_deadline_idx). */
export const isOpen = notInArray(requests.status, ['done', 'closed', 'rejected']);
export const isOverdue = and(isOpen, sql`${requests.deadlineAt} < now()`);

const hasReport = sql`exists (select 1 from ${requestFiles} where ${requestFiles.requestId} = ${requests.id} and ${requestFiles.kind} = 'report')`;
const assigneeEmployee = aliasedTable(employees, 'assignee_employee');

/** Journal days are Almaty's: `to` includes its whole day. */
const almatyDayStart = (day: string) => sql`((${day}::date)::timestamp at time zone 'Asia/Almaty')`;

export function requestWhere(scope: SQL | undefined, f: RequestFilter): SQL | undefined {
  const pattern = likePattern(f.search);
  const digits = f.search?.trim().replace(/^№\s*/, '');
  return and(
    scope,
    f.landlordId ? eq(requests.landlordId, f.landlordId) : undefined,
    f.status ? eq(requests.status, f.status) : undefined,
    f.type_id ? eq(requests.typeId, f.type_id) : undefined,
    f.object_id ? eq(requests.objectId, f.object_id) : undefined,
    f.from ? sql`${requests.createdAt} >= ${almatyDayStart(f.from)}` : undefined,
    f.to ? sql`${requests.createdAt} < ${almatyDayStart(f.to)} + interval '1 day'` : undefined,
    f.overdue ? isOverdue : undefined,
    pattern
      ? or(
          digits && /^\d{1,9}$/.test(digits) ? eq(requests.number, Number(digits)) : undefined,
          ilike(requests.applicantName, pattern),
          ilike(renters.legalName, pattern),
          ilike(renters.tradePointName, pattern),
          ilike(requests.description, pattern),
        )
      : undefined,
  );
}

export const requestOrder: Record<RequestSort, SQL[]> = {
  '-created_at': [desc(requests.createdAt), desc(requests.id)],
  created_at: [asc(requests.createdAt), asc(requests.id)],
  deadline_at: [asc(requests.deadlineAt), asc(requests.id)],
  '-number': [desc(requests.number), desc(requests.id)],
};

const selectJournal = (db: Db) =>
  db
    .select({
      request: requests,
      type: { nameRu: requestTypes.nameRu, nameKk: requestTypes.nameKk, nameEn: requestTypes.nameEn },
      objectName: objects.name,
      objectType: objectTypes.name,
      landlordName: landlords.name,
      legalName: renters.legalName,
      tradePoint: renters.tradePointName,
      employeeName: assigneeEmployee.fullName,
      contractorName: contractors.name,
      hasReport: sql<boolean>`${hasReport}`,
      overdue: sql<boolean>`coalesce(${isOverdue}, false)`,
    })
    .from(requests)
    .innerJoin(requestTypes, eq(requestTypes.id, requests.typeId))
    .innerJoin(objects, eq(objects.id, requests.objectId))
    .leftJoin(objectTypes, eq(objectTypes.id, objects.typeId))
    .innerJoin(landlords, eq(landlords.id, requests.landlordId))
    .leftJoin(renters, eq(renters.id, requests.renterId))
    .leftJoin(assigneeEmployee, eq(assigneeEmployee.id, requests.assigneeEmployeeId))
    .leftJoin(contractors, eq(contractors.id, requests.assigneeContractorId));

export type JournalRow = Awaited<ReturnType<ReturnType<typeof selectJournal>['execute']>>[number];

export function toListItem(row: JournalRow, locale: Locales): RequestListItem {
  const r = row.request;
  const assignee = r.assigneeEmployeeId
    ? { kind: 'employee' as const, id: r.assigneeEmployeeId, name: row.employeeName ?? '' }
    : r.assigneeContractorId
      ? { kind: 'contractor' as const, id: r.assigneeContractorId, name: row.contractorName ?? '' }
      : null;
  return {
    id: r.id,
    number: r.number,
    type: { id: r.typeId, name: typeName(row.type, locale) },
    object_type: row.objectType,
    object: { id: r.objectId, name: row.objectName },
    landlord_name: row.landlordName,
    legal_name: row.legalName,
    trade_point: row.tradePoint,
    applicant_name: r.applicantName,
    applicant_phone: r.applicantPhone,
    created_at: r.createdAt.toISOString(),
    status: r.status,
    deadline_at: r.deadlineAt.toISOString(),
    overdue: Boolean(row.overdue),
    from_visitor: r.fromVisitor,
    has_photo_report: Boolean(row.hasReport),
    assignee,
  };
}

export async function listRequests(db: Db, scope: SQL | undefined, filter: RequestFilter, sort: RequestSort, page: { limit: number; offset: number }) {
  const where = requestWhere(scope, filter);
  const [rows, [total]] = await Promise.all([
    selectJournal(db).where(where).orderBy(...requestOrder[sort]).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(requests).leftJoin(renters, eq(renters.id, requests.renterId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One request inside the caller's scope, or undefined (the handler answers 404). */
export async function findRequest(db: Db, scope: SQL | undefined, id: string): Promise<JournalRow | undefined> {
  const [row] = await selectJournal(db).where(and(scope, eq(requests.id, id))).limit(1);
  return row;
}

/** A batch of the export, keyset-paginated on (created_at, id) newest first: flat memory at any size. */
export async function requestBatch(db: Db, scope: SQL | undefined, filter: RequestFilter, after: { createdAt: Date; id: string } | null, size: number) {
  const keyset = after ? sql`(${requests.createdAt}, ${requests.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined;
  return selectJournal(db)
    .where(and(requestWhere(scope, filter), keyset))
    .orderBy(...requestOrder['-created_at'])
    .limit(size);
}

/** Badges: new and overdue requests the caller can see. */
export async function countRequests(db: Db, scope: SQL | undefined) {
  const [row] = await db
    .select({
      fresh: sql<number>`count(*) filter (where ${requests.status} = 'new')`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${isOverdue})`.mapWith(Number),
    })
    .from(requests)
    .where(scope);
  return { requests_new: row?.fresh ?? 0, requests_overdue: row?.overdue ?? 0 };
}
