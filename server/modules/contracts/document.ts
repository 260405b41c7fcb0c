import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import Docxtemplater from 'docxtemplater';
import { eq } from 'drizzle-orm';
import PizZip from 'pizzip';
import { leaseTemplatePlaceholders } from '#/shared/lease-template';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { contractSettings, landlords, objects, renters } from '../../db/schema';
import { checkDocument, requireUpload } from '../../files/checks';
import { documentName } from '../../files/documents';
import { AppError, forbidden } from '../../http/errors';
import type { Upload } from '../../http/uploads';
import type { Storage } from '../../storage/storage';
import { attachFiles } from '../../workflow/files';
import { type ContractViewer, requireStaff } from './access';
import { MAX_CONTRACT_FILE_MIB } from './files';
import { type ContractRow, roomsOf } from './queries';
import { contractIn } from './transitions';
import { contractWorkflow } from './workflow';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type Values = Record<(typeof leaseTemplatePlaceholders)[number], string>;

/** "12345.67" → "12 345,67": groups of three by a no-break space, a decimal comma, as people write it here. */
export function moneyForPeople(value: string | null): string {
  if (value === null) return '';
  const [whole = '0', fraction = '00'] = value.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${sign}${digits},${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** "2026-11-24" → "24.11.2026". */
export const dateForPeople = (iso: string | null) => (iso ? iso.split('-').reverse().join('.') : '');

/** The first tag docxtemplater could not parse, named in the error: `{renter_name` or an unopened `}`. */
function templateError(err: unknown): AppError {
  const e = err as { properties?: { errors?: { properties?: { xtag?: string; context?: string; id?: string } }[] } };
  const first = e.properties?.errors?.[0]?.properties ?? (e as { properties?: { xtag?: string; context?: string; id?: string } }).properties;
  const tag = (first?.context ?? first?.xtag ?? first?.id ?? '?').trim();
  return new AppError(400, 'template_invalid', { file: (ll) => ll.errors.template_invalid({ tag }) }, { tag });
}

/** Parses a template (every tag must open and close), and when `values` are given renders it. */
function render(bytes: Buffer, values?: Values): Buffer {
  let doc: Docxtemplater;
  try {
    doc = new Docxtemplater(new PizZip(bytes), { paragraphLoop: true, linebreaks: true, nullGetter: () => '', errorLogging: false });
    if (values) doc.render(values);
  } catch (err) {
    throw templateError(err);
  }
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * The tags a template uses that are not lease fields (`{no_such_field}`), in order of first use: filled,
 * they would come out blank without a word, so the upload refuses them by name.
 */
function unknownTags(bytes: Buffer): string[] {
  const unknown = new Set<string>();
  const known = Object.fromEntries(leaseTemplatePlaceholders.map((p) => [p, 'x']));
  try {
    const doc = new Docxtemplater(new PizZip(bytes), {
      paragraphLoop: true,
      linebreaks: true,
      errorLogging: false,
      nullGetter: (part) => {
        if (part.value) unknown.add(String(part.value).trim());
        return '';
      },
    });
    doc.render(known);
  } catch (err) {
    throw templateError(err);
  }
  return [...unknown];
}

/** A landlord's uploaded .docx whose every tag parses and is a lease field. */
async function checkedTemplate(user: AuthedUser, upload: Upload | undefined) {
  if (user.role !== 'landlord' || !user.landlordId) throw forbidden();
  const file = await checkDocument(requireUpload(upload, 'file'), 'file', MAX_CONTRACT_FILE_MIB, (ext) => ext === 'docx').catch((err: unknown) => {
    // The general list of document types would mislead here: only a .docx is a template.
    if (err instanceof AppError && err.code === 'document_type') throw new AppError(400, 'template_type', { file: (ll) => ll.errors.template_type() });
    throw err;
  });
  const bytes = await readFile(file.upload.path);
  const unknown = unknownTags(bytes);
  if (unknown.length > 0) {
    const tags = unknown.map((t) => `{${t}}`).join(', ');
    throw new AppError(400, 'template_unknown', { file: (ll) => ll.errors.template_unknown({ tags }) }, { tags });
  }
  return { landlordId: user.landlordId, file, bytes };
}

/** A sample lease, so the landlord sees the template filled before saving it. */
const demoLease: Values = {
  number: 'Д-2026/017',
  renter_name: 'ИП «Dana Fashion»',
  renter_bin: '900101300123',
  rooms: '№12, №13',
  area: moneyForPeople('54.50'),
  rate: moneyForPeople('6500.00'),
  monthly_total: moneyForPeople('354250.00'),
  deposit: moneyForPeople('708500.00'),
  starts_on: '01.01.2026',
  ends_on: '31.12.2026',
  signed_on: '20.12.2025',
  payment_day: '10',
  indexation: moneyForPeople('5.00'),
  object_name: 'ТРЦ «Керуен»',
  object_address: 'г. Астана, ул. Достык, 9',
  landlord_name: 'ТОО «Керуен Девелопмент»',
};

/** The uploaded template filled with the sample lease (the landlord only); nothing is stored. */
export async function previewTemplate(user: AuthedUser, upload: Upload | undefined): Promise<Buffer> {
  const { bytes } = await checkedTemplate(user, upload);
  return render(bytes, demoLease);
}

/**
 * The landlord's template (the landlord only): a DOCX by its bytes and zip-bomb limits (server/files),
 * parsed (every tag a lease field) before it is kept, stored privately under a new key; the previous one is removed after the row
 * points to the new one. A refused template stores nothing.
 */
export async function uploadTemplate(db: Db, storage: Storage, user: AuthedUser, upload: Upload | undefined): Promise<void> {
  const { landlordId, file } = await checkedTemplate(user, upload);
  const key = `contract-templates/${landlordId}/${randomUUID()}.docx`;
  const [before] = await db.select({ key: contractSettings.templateKey }).from(contractSettings).where(eq(contractSettings.landlordId, landlordId));
  await storage.putFile(key, file.upload.path, DOCX);
  const set = { templateKey: key, templateName: String(file.columns?.name ?? 'template.docx'), templateUploadedAt: new Date(), updatedAt: new Date() };
  try {
    await db
      .insert(contractSettings)
      .values({ landlordId, ...set })
      .onConflictDoUpdate({ target: contractSettings.landlordId, set });
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
  if (before?.key) await storage.delete(before.key).catch(() => undefined);
}

export async function templateOf(db: Db, landlordId: string) {
  const [row] = await db
    .select({ key: contractSettings.templateKey, name: contractSettings.templateName, at: contractSettings.templateUploadedAt })
    .from(contractSettings)
    .where(eq(contractSettings.landlordId, landlordId));
  return row?.key && row.name && row.at ? { key: row.key, name: row.name, at: row.at } : null;
}

async function valuesOf(db: Db, row: ContractRow): Promise<Values> {
  const c = row.contract;
  const [[renter], [object], [landlord], rooms] = await Promise.all([
    db.select({ bin: renters.binIin }).from(renters).where(eq(renters.id, c.renterId)),
    db.select({ address: objects.address }).from(objects).where(eq(objects.id, c.objectId)),
    db.select({ name: landlords.name }).from(landlords).where(eq(landlords.id, c.landlordId)),
    roomsOf(db, [c.id]),
  ]);
  return {
    number: c.number,
    renter_name: row.renterName,
    renter_bin: renter?.bin ?? '',
    rooms: rooms.map((r) => `№${r.number}`).join(', '),
    area: moneyForPeople(c.area),
    rate: moneyForPeople(c.rate),
    monthly_total: moneyForPeople(c.monthlyTotal),
    deposit: moneyForPeople(c.deposit),
    starts_on: dateForPeople(c.startsOn),
    ends_on: dateForPeople(c.endsOn),
    signed_on: dateForPeople(c.signedOn),
    payment_day: c.paymentDay === null ? '' : String(c.paymentDay),
    indexation: c.indexationPercent === null ? '' : moneyForPeople(c.indexationPercent),
    object_name: row.objectName,
    object_address: object?.address ?? '',
    landlord_name: landlord?.name ?? '',
  };
}

/**
 * The lease's document from its landlord's template (module `contracts`, update), attached to its files
 * through the kit like an upload (so it gets signed links, the files' limit and a history entry).
 */
export async function generateDocument(db: Db, storage: Storage, viewer: ContractViewer, id: string): Promise<void> {
  const row = await contractIn(db, viewer, id);
  requireStaff(viewer, 'update');
  const template = await templateOf(db, row.contract.landlordId);
  const stored = template && (await storage.open(template.key));
  if (!stored) throw new AppError(409, 'no_template');
  const filled = render(await buffer(stored.body), await valuesOf(db, row));
  const temp = path.join(tmpdir(), `${randomUUID()}.docx`);
  await writeFile(temp, filled);
  try {
    const name = documentName(`${row.contract.number}.docx`, 'docx');
    const upload = { filename: name, mimetype: DOCX, path: temp, size: filled.length };
    const file = { upload, ext: 'docx', contentType: DOCX, columns: { name, uploadedBy: viewer.user.id }, comment: name };
    await attachFiles(db, storage, contractWorkflow, viewer, row.contract, [file], { open: undefined });
  } finally {
    await rm(temp, { force: true });
  }
}
