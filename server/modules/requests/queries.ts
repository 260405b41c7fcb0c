import { and, asc, count, desc, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Locales } from '../../../src/i18n/i18n-types';
import { withinAlmatyDays } from '../../db/almaty';
import type { Db } from '../../db/client';
import { fragmentKey, kept } from '../../db/kept';
import { contractors, employees, landlords, objects, objectTypes, renters, requestFiles, requests, requestTypes } from '../../db/schema';
import { type Names, nameIn, namesOf } from '../../http/names';
import { BADGE_CAP, badge, cappedCount, pageIds } from '../../http/pagination';
import { recordSearch } from '../../workflow/search';

export type RequestFilter = components['schemas']['RequestFilter'] & { landlordId?: string };
export type RequestSort = '-created_at' | 'created_at' | 'deadline_at' | '-number';
export type RequestListItem = components['schemas']['RequestListItem'];

/** Open: still someone's work (the same predicate as the partial index requests_open_deadline_idx). */
export const isOpen = notInArray(requests.status, ['done', 'closed', 'rejected']);
/** Past its deadline while its clock runs: a request in a status the landlord stops the clock in is not overdue (sla/). */
export const isOverdue = and(isOpen, sql`${requests.deadlineAt} < now()`, sql`${requests.pausedAt} is null`);

const hasReport = sql`exists (select 1 from ${requestFiles} where ${requestFiles.requestId} = ${requests.id} and ${requestFiles.kind} = 'report')`;

export function requestWhere(scope: SQL | undefined, f: RequestFilter): SQL | undefined {
  return and(
    scope,
    f.landlordId ? eq(requests.landlordId, f.landlordId) : undefined,
    f.status ? eq(requests.status, f.status) : undefined,
    f.type_id ? eq(requests.typeId, f.type_id) : undefined,
    f.object_id ? eq(requests.objectId, f.object_id) : undefined,
    f.priority ? eq(requests.priority, f.priority) : undefined,
    withinAlmatyDays(requests.createdAt, f),
    f.overdue ? isOverdue : undefined,
    recordSearch(f.search, { number: requests.number, renterId: requests.renterId, texts: [requests.applicantName, requests.description] }),
  );
}

export const requestOrder: Record<RequestSort, SQL[]> = {
  '-created_at': [desc(requests.createdAt), desc(requests.id)],
  created_at: [asc(requests.createdAt), asc(requests.id)],
  deadline_at: [asc(requests.deadlineAt), asc(requests.id)],
  '-number': [desc(requests.number), desc(requests.id)],
};

/**
 * What a journal line shows of a request. The list and the export read only these; the detail reads
 * the whole row. Leaving out the description and five timestamps took the first page from 278 to 405
 * req/s at a million requests (less to parse and to map).
 */
const lineColumns = {
  id: requests.id,
  number: requests.number,
  typeId: requests.typeId,
  objectId: requests.objectId,
  applicantName: requests.applicantName,
  applicantPhone: requests.applicantPhone,
  createdAt: requests.createdAt,
  status: requests.status,
  priority: requests.priority,
  deadlineAt: requests.deadlineAt,
  takeDeadlineAt: requests.takeDeadlineAt,
  fromVisitor: requests.fromVisitor,
  assigneeEmployeeId: requests.assigneeEmployeeId,
  assigneeContractorId: requests.assigneeContractorId,
};

/**
 * Journal rows: the ids are chosen first on the requests table alone (`where`, `order`, `limit`,
 * `offset`: an index scan of (landlord_id, created_at, id) even 50,000 rows deep), then only those
 * rows are read. The ids lead the FROM and the small tables (object type, landlord, assignee) are
 * scalar lookups rather than joins: planning a join of nine relations cost more than running it, and
 * past join_collapse_limit (8) the planner joined the whole journal and semi-joined the ids at the
 * end, as `id in (subquery)` did.
 */
const selectJournal = <C extends typeof lineColumns | typeof requests>(db: Db, columns: C, where: SQL | undefined, order: SQL[], limit: number, offset = 0) => {
  const page = pageIds(db, requests.id, where, order, limit, offset);
  return db
    .select({
      request: columns,
      type: namesOf(requestTypes),
      objectName: objects.name,
      // One row's three names as a scalar lookup (a join here would push the journal past the planner's join limit).
      objectType: sql<Names | null>`(select json_build_object('nameRu', ${objectTypes.nameRu}, 'nameKk', ${objectTypes.nameKk}, 'nameEn', ${objectTypes.nameEn}) from ${objectTypes} where ${objectTypes.id} = ${objects.typeId})`,
      landlordName: sql<string>`(select ${landlords.name} from ${landlords} where ${landlords.id} = ${requests.landlordId})`,
      legalName: renters.legalName,
      tradePoint: renters.tradePointName,
      employeeName: sql<string | null>`(select ${employees.fullName} from ${employees} where ${employees.id} = ${requests.assigneeEmployeeId})`,
      contractorName: sql<string | null>`(select ${contractors.name} from ${contractors} where ${contractors.id} = ${requests.assigneeContractorId})`,
      hasReport: sql<boolean>`${hasReport}`,
      overdue: sql<boolean>`coalesce(${isOverdue}, false)`,
    })
    .from(page)
    .innerJoin(requests, eq(requests.id, page.id))
    .innerJoin(requestTypes, eq(requestTypes.id, requests.typeId))
    .innerJoin(objects, eq(objects.id, requests.objectId))
    .leftJoin(renters, eq(renters.id, requests.renterId))
    .orderBy(...order);
};

/** A request with everything its detail shows. */
export type JournalRow = Awaited<ReturnType<typeof selectJournal<typeof requests>>>[number];
/** A journal line: what the list and the export show. */
export type LineRow = Awaited<ReturnType<typeof selectJournal<typeof lineColumns>>>[number];

export function toListItem(row: LineRow, locale: Locales): RequestListItem {
  const r = row.request;
  const assignee = r.assigneeEmployeeId
    ? { kind: 'employee' as const, id: r.assigneeEmployeeId, name: row.employeeName ?? '' }
    : r.assigneeContractorId
      ? { kind: 'contractor' as const, id: r.assigneeContractorId, name: row.contractorName ?? '' }
      : null;
  return {
    id: r.id,
    number: r.number,
    type: { id: r.typeId, name: nameIn(row.type, locale) },
    object_type: row.objectType && nameIn(row.objectType, locale),
    object: { id: r.objectId, name: row.objectName },
    landlord_name: row.landlordName,
    legal_name: row.legalName,
    trade_point: row.tradePoint,
    applicant_name: r.applicantName,
    applicant_phone: r.applicantPhone,
    created_at: r.createdAt.toISOString(),
    status: r.status,
    priority: r.priority,
    deadline_at: r.deadlineAt.toISOString(),
    take_deadline_at: r.takeDeadlineAt?.toISOString() ?? null,
    overdue: Boolean(row.overdue),
    from_visitor: r.fromVisitor,
    has_photo_report: Boolean(row.hasReport),
    assignee,
  };
}

/**
 * One page of the journal (ids first, see selectJournal), with its total counted up to COUNT_CAP
 * (cappedCount): never the whole journal. Both statements are built once per filter and page (db/kept.ts).
 */
export async function listRequests(db: Db, scope: SQL | undefined, filter: RequestFilter, sort: RequestSort, page: { limit: number; offset: number }) {
  const where = requestWhere(scope, filter);
  const whereKey = fragmentKey(where);
  const rows = kept(db, `journal|${whereKey}|${sort}|${page.limit}|${page.offset}`, () =>
    selectJournal(db, lineColumns, where, requestOrder[sort], page.limit, page.offset).prepare(''),
  );
  const [found, capped] = await Promise.all([rows.execute(), cappedCount(db, requests, where, whereKey)]);
  return { rows: found, ...capped };
}

/** One request inside the caller's scope, or undefined (the handler answers 404). */
export async function findRequest(db: Db, scope: SQL | undefined, id: string): Promise<JournalRow | undefined> {
  const [row] = await selectJournal(db, requests, and(scope, eq(requests.id, id)), [], 1);
  return row;
}

/** A batch of the export, keyset-paginated on (created_at, id) newest first: flat memory at any size. */
export async function requestBatch(db: Db, scope: SQL | undefined, filter: RequestFilter, after: { createdAt: Date; id: string } | null, size: number) {
  const keyset = after ? sql`(${requests.createdAt}, ${requests.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined;
  return selectJournal(db, lineColumns, and(requestWhere(scope, filter), keyset), requestOrder['-created_at'], size);
}

/**
 * Badges: new and overdue requests the caller can see, each counted up to BADGE_CAP rows. Every page
 * load asks for them, so each is a bounded scan of its own index (requests_status_idx and the partial
 * requests_open_deadline_idx), never a pass over the journal; a badge at the cap reads "999+".
 */
export function requestBadges(db: Db, scope: SQL | undefined) {
  const upTo = (where: SQL | undefined) =>
    badge(db.select({ n: count() }).from(db.select({ one: sql`1` }).from(requests).where(and(scope, where)).limit(BADGE_CAP).as('capped')));
  return { requests_new: upTo(eq(requests.status, 'new')), requests_overdue: upTo(isOverdue) };
}
