import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { QuestionnaireStatus } from '../../../machines/questionnaire';
import type { components } from '../../../src/api/schema';
import type { Db } from '../../db/client';
import { landlords, objects, questionnaireFiles, questionnaires } from '../../db/schema';
import { badge, likeAny, likePattern, pageWithTotal } from '../../http/pagination';
import type { FileLinks } from '../../storage/file-links';
import { presentHistory } from '../../workflow/history';
import { actionsOf } from '../../workflow/transition';
import type { QuestionnaireViewer } from './access';
import { questionnaireHistory, questionnaireWorkflow } from './workflow';

export type ListFilter = { scope: SQL | undefined; search?: string; status?: QuestionnaireStatus; objectId?: string; landlordId?: string };
type Sort = '-created_at' | 'created_at' | 'company_name';
const orderOf: Record<Sort, SQL[]> = {
  '-created_at': [desc(questionnaires.createdAt), desc(questionnaires.id)],
  created_at: [asc(questionnaires.createdAt), asc(questionnaires.id)],
  company_name: [asc(questionnaires.companyName), desc(questionnaires.createdAt)],
};

function whereOf(f: ListFilter): SQL | undefined {
  const pattern = likePattern(f.search);
  return and(
    f.scope,
    f.status ? eq(questionnaires.status, f.status) : undefined,
    f.objectId ? eq(questionnaires.objectId, f.objectId) : undefined,
    f.landlordId ? eq(questionnaires.landlordId, f.landlordId) : undefined,
    likeAny(pattern, [questionnaires.companyName, questionnaires.brandName, questionnaires.binIin, questionnaires.contactFullName]),
  );
}

const rowSelect = { q: questionnaires, objectName: objects.name, landlordName: landlords.name };
const base = (db: Db) =>
  db
    .select(rowSelect)
    .from(questionnaires)
    .innerJoin(objects, eq(objects.id, questionnaires.objectId))
    .innerJoin(landlords, eq(landlords.id, questionnaires.landlordId));
export type QuestionnaireRow = { q: typeof questionnaires.$inferSelect; objectName: string; landlordName: string };

export async function listQuestionnaires(db: Db, f: ListFilter, sort: Sort, page: { limit: number; offset: number }) {
  const where = whereOf(f);
  return pageWithTotal(
    db,
    { name: 'questionnaires', where, sort },
    () => base(db).where(where).$dynamic(),
    [...orderOf[sort]],
    page,
    () => db.select({ n: count() }).from(questionnaires).where(where),
  );
}

export async function findQuestionnaire(db: Db, scope: SQL | undefined, id: string): Promise<QuestionnaireRow | undefined> {
  const [row] = await base(db).where(and(scope, eq(questionnaires.id, id)));
  return row;
}

export function toListItem({ q, objectName, landlordName }: QuestionnaireRow) {
  return {
    id: q.id,
    status: q.status,
    company_name: q.companyName,
    brand_name: q.brandName,
    category: q.category,
    bin_iin: q.binIin,
    contact_full_name: q.contactFullName,
    phone: q.phone,
    email: q.email,
    object: { id: q.objectId, name: objectName },
    landlord_name: landlordName,
    renter_id: q.renterId,
    created_at: q.createdAt.toISOString(),
  };
}

const num = (v: string | null) => (v === null ? null : Number(v));

/** Every field, the files (signed links, for this viewer who may read the waiting list), the history, and what this caller may do now (machine and rights). */
export async function presentDetail(db: Db, links: FileLinks, row: QuestionnaireRow, viewer: QuestionnaireViewer) {
  const { q } = row;
  const [files, history] = await Promise.all([
    db
      .select()
      .from(questionnaireFiles)
      .where(eq(questionnaireFiles.questionnaireId, q.id))
      .orderBy(asc(questionnaireFiles.fileSet), asc(questionnaireFiles.createdAt)),
    // The arrival has no login: its entry keeps the company's name, as the form sent it.
    presentHistory(db, questionnaireHistory, q.id),
  ]);
  return {
    ...toListItem(row),
    legal_address: q.legalAddress,
    director_name: q.directorName,
    bank: q.bank,
    bik: q.bik,
    iik: q.iik,
    brand_country: q.brandCountry,
    years_in_business: q.yearsInBusiness,
    segment: q.segment,
    stores_count: q.storesCount,
    media_link: q.mediaLink,
    average_check: num(q.averageCheck),
    turnover_per_sqm: num(q.turnoverPerSqm),
    min_area: num(q.minArea),
    max_area: num(q.maxArea),
    turnover_tenge: num(q.turnoverTenge),
    min_kw: num(q.minKw),
    max_kw: num(q.maxKw),
    floor: q.floor,
    store_format: q.storeFormat,
    water_supply: q.waterSupply,
    indoor_supply: q.indoorSupply,
    file_link1: q.fileLink1,
    file_link2: q.fileLink2,
    work_phone: q.workPhone,
    comment: q.comment,
    additional_info: q.additionalInfo,
    files: files.map((f) => ({ id: f.id, file_set: f.fileSet as 1 | 2, name: f.name, url: links.url(f.key, f.name), size: f.size })),
    history: history as components['schemas']['QuestionnaireHistoryEntry'][],
    actions: actionsOf(questionnaireWorkflow, viewer, q),
    can_delete: viewer.rights.delete,
  };
}

/** The menu badge of new questionnaires. */
export function questionnaireBadges(db: Db, scope: SQL | undefined) {
  return {
    questionnaires_new: badge(
      db
        .select({ n: count() })
        .from(questionnaires)
        .where(and(scope, eq(questionnaires.status, 'new'))),
    ),
  };
}
