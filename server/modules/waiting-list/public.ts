import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import { isValidBinIin } from '../../../src/shared/kz-ids';
import type { Db } from '../../db/client';
import { formLinks, landlords, objects, questionnaires } from '../../db/schema';
import { invalidFields, notFound } from '../../http/errors';
import type { LL } from '../../http/i18n';
import { orNull } from '../../http/input';
import type { Upload } from '../../http/uploads';
import type { Storage } from '../../storage/storage';
import { storeFiles, withStoredFiles } from '../../workflow/files';
import { recordCreated } from '../../workflow/history';
import { checkFiles } from './files';
import { questionnaireArrived } from './notices';
import { questionnaireWorkflow } from './workflow';

type Form = components['schemas']['QuestionnaireForm'];

export const formLinkUrl = (publicUrl: string, linkId: string) => `${publicUrl}/application-form?l=${linkId}`;

/** The /tenants page: centres of active landlords that have a form link. */
export async function publicTenants(db: Db, publicUrl: string) {
  const rows = await db
    .select({ linkId: formLinks.id, objectId: objects.id, objectName: objects.name, city: objects.city, landlordName: landlords.name })
    .from(formLinks)
    .innerJoin(objects, eq(objects.id, formLinks.objectId))
    .innerJoin(landlords, eq(landlords.id, formLinks.landlordId))
    .where(eq(landlords.status, 'active'))
    .orderBy(asc(objects.name));
  return rows.map((r) => ({
    object_id: r.objectId,
    object_name: r.objectName,
    city: r.city || null,
    landlord_name: r.landlordName,
    link: formLinkUrl(publicUrl, r.linkId),
  }));
}

/** The centre behind a link; an unknown link, or one of a deleted landlord, is 404. */
export async function linkTarget(db: Db, linkId: string) {
  const [row] = await db
    .select({ landlordId: formLinks.landlordId, objectId: formLinks.objectId, objectName: objects.name, landlordName: landlords.name })
    .from(formLinks)
    .innerJoin(objects, eq(objects.id, formLinks.objectId))
    .innerJoin(landlords, eq(landlords.id, formLinks.landlordId))
    .where(and(eq(formLinks.id, linkId), eq(landlords.status, 'active')));
  if (!row) throw notFound();
  return row;
}

const int = (v: string | undefined) => (v ? Number(v) : null);
const decimal = (v: string | undefined) => (v ? v.replace(',', '.') : null);
const bool = (v: string | undefined) => (v === 'true' ? true : v === 'false' ? false : null);

/** The rules the contract cannot say, all reported at once. */
function columnsOf(form: Form) {
  const fields: Record<string, (ll: LL) => string> = {};
  for (const name of ['company_name', 'brand_name', 'category', 'contact_full_name'] as const) {
    if (!form[name].trim()) fields[name] = (ll) => ll.validation.required();
  }
  if (!isValidBinIin(form.bin_iin)) fields.bin_iin = (ll) => ll.validation.binIin();
  const values = {
    binIin: form.bin_iin,
    companyName: form.company_name.trim(),
    legalAddress: orNull(form.legal_address),
    directorName: orNull(form.director_name),
    bank: orNull(form.bank),
    bik: orNull(form.bik),
    iik: orNull(form.iik),
    brandName: form.brand_name.trim(),
    category: form.category.trim(),
    brandCountry: orNull(form.brand_country),
    yearsInBusiness: int(form.years_in_business),
    segment: orNull(form.segment),
    storesCount: int(form.stores_count),
    mediaLink: orNull(form.media_link),
    averageCheck: decimal(form.average_check),
    turnoverPerSqm: decimal(form.turnover_per_sqm),
    minArea: decimal(form.min_area),
    maxArea: decimal(form.max_area),
    turnoverTenge: decimal(form.turnover_tenge),
    minKw: decimal(form.min_kw),
    maxKw: decimal(form.max_kw),
    floor: orNull(form.floor),
    storeFormat: orNull(form.store_format),
    waterSupply: bool(form.water_supply),
    indoorSupply: bool(form.indoor_supply),
    fileLink1: orNull(form.file_link1),
    fileLink2: orNull(form.file_link2),
    contactFullName: form.contact_full_name.trim(),
    email: form.email.trim(),
    phone: form.phone,
    workPhone: orNull(form.work_phone),
    comment: orNull(form.comment),
    additionalInfo: orNull(form.additional_info),
  };
  const above = (min: string | null, max: string | null) => min !== null && max !== null && Number(min) > Number(max);
  if (above(values.minArea, values.maxArea)) fields.max_area = (ll) => ll.validation.minAboveMax();
  if (above(values.minKw, values.maxKw)) fields.max_kw = (ll) => ll.validation.minAboveMax();
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
  return values;
}

/**
 * A visitor's questionnaire: checked whole (fields and every file) before anything is written; the
 * files are stored inside the transaction and removed again if it fails, so a refusal leaves nothing
 * (and tells nobody).
 */
export async function submitQuestionnaire(db: Db, storage: Storage, linkId: string, form: Form, sets: Record<1 | 2, Upload[]>, ip: string) {
  const target = await linkTarget(db, linkId);
  const values = columnsOf(form);
  const id = randomUUID();
  const files = await checkFiles(sets);
  await withStoredFiles(storage, (stored) =>
    db.transaction(async (tx) => {
      const [q] = await tx
        .insert(questionnaires)
        .values({ ...values, id, landlordId: target.landlordId, objectId: target.objectId, ip })
        .returning({ createdAt: questionnaires.createdAt });
      // The first entry of its history, at its arrival: the time in 'new' is measured from it.
      await recordCreated(tx, questionnaireWorkflow, id, { userId: null, name: values.companyName }, 'new', q?.createdAt ?? new Date());
      await questionnaireArrived(tx, { id, landlordId: target.landlordId, companyName: values.companyName });
      await storeFiles(tx, storage, questionnaireWorkflow, id, files, null, stored);
    }),
  );
  return id;
}
