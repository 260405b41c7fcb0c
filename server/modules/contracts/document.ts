import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { and, eq } from 'drizzle-orm';
import { formatDay, formatDecimal } from '#/i18n/formatters';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { contractSettings, contracts, landlords, objects, renters } from '../../db/schema';
import { checkDocument, requireUpload } from '../../files/checks';
import { documentName } from '../../files/documents';
import { countInZipParts } from '../../files/zip-parts';
import { AppError, forbidden } from '../../http/errors';
import type { Upload } from '../../http/uploads';
import { removeStored, type Storage } from '../../storage/storage';
import { runTask, TaskTimeout } from '../../workers/pool';
import { attachFiles } from '../../workflow/files';
import { type ContractViewer, requireStaff } from './access';
import { type ContractRow, roomsOf } from './queries';
import { leaseSample, type TemplateValues, type Values } from './template';
import { contractIn } from './transitions';
import { contractWorkflow } from './workflow';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * A lease is written in Russian or Kazakh, which write numbers and days alike: "12 345,67", "24.11.2026".
 * The columns are numeric with two decimals, so the amounts keep their tiyn.
 */
const decimalText = (value: string | null) => (value === null ? '' : formatDecimal(value, 'ru'));
const dayText = (iso: string | null) => (iso === null ? '' : formatDay(iso, 'ru'));

/** A template's size and tags: a real lease's has a few dozen tags in well under a MiB. */
export const TEMPLATE_LIMITS = { mib: 5, tags: 5_000, textBytes: 16 * 1024 * 1024 } as const;

const invalidTemplate = (tag: string) => new AppError(400, 'template_invalid', { file: (ll) => ll.errors.template_invalid({ tag }) }, { tag });
const complexTemplate = () =>
  new AppError(400, 'template_complex', { file: (ll) => ll.errors.template_complex({ tags: TEMPLATE_LIMITS.tags }) }, { tags: TEMPLATE_LIMITS.tags });

/**
 * The cheap bounds, before a worker parses anything: at most TEMPLATE_LIMITS.mib (413), and the Word
 * parts' text at most `textBytes` with at most `tags` opening braces (400 `template_complex`).
 */
export async function checkTemplateSize(bytes: Buffer): Promise<void> {
  if (bytes.length > TEMPLATE_LIMITS.mib * 1024 * 1024) {
    throw new AppError(413, 'file_too_large', { file: (ll) => ll.errors.file_too_large({ max: TEMPLATE_LIMITS.mib }) }, { max: TEMPLATE_LIMITS.mib });
  }
  const braces = await countInZipParts(bytes, (name) => name.startsWith('word/') && name.endsWith('.xml'), 0x7b, {
    maxUnpacked: TEMPLATE_LIMITS.textBytes,
    stopAfter: TEMPLATE_LIMITS.tags,
  });
  if (braces === 'too_large' || (braces ?? 0) > TEMPLATE_LIMITS.tags) throw complexTemplate();
}

/** Parsing or filling on a worker thread; past its time limit the template is refused as too large. */
async function inWorker<T>(work: Promise<T>): Promise<T> {
  return work.catch((err: unknown) => {
    throw err instanceof TaskTimeout ? complexTemplate() : err;
  });
}

/** A template already bounded by checkTemplateSize, filled with `values` on a worker thread. */
export async function render(bytes: Buffer, values: TemplateValues): Promise<Buffer> {
  const out = await inWorker(runTask('fillTemplate', { bytes, values }));
  if ('invalid' in out) throw invalidTemplate(out.invalid);
  return Buffer.from(out.docx.buffer, out.docx.byteOffset, out.docx.byteLength);
}

/** What tells one kind of template from another: the sample its tags are checked against, its errors when refused. */
export type TemplateKind = {
  known: TemplateValues;
  notDocx: 'template_type' | 'act_template_type';
  unknown: 'template_unknown' | 'act_template_unknown';
};
const leaseKind: TemplateKind = { known: leaseSample, notDocx: 'template_type', unknown: 'template_unknown' };

/** An uploaded .docx, bounded, whose every tag parses and is one of `kind`'s. */
export async function checkedTemplateFile(upload: Upload | undefined, kind: TemplateKind) {
  // The template's own size limit, before its bytes are read.
  const file = await checkDocument(requireUpload(upload, 'file'), 'file', TEMPLATE_LIMITS.mib, (ext) => ext === 'docx').catch((err: unknown) => {
    // The general list of document types would mislead here: only a .docx is a template.
    if (err instanceof AppError && err.code === 'document_type') throw new AppError(400, kind.notDocx, { file: (ll) => ll.errors[kind.notDocx]() });
    throw err;
  });
  const bytes = await readFile(file.upload.path);
  await checkTemplateSize(bytes);
  const problem = await inWorker(runTask('templateProblem', { bytes, known: kind.known }));
  if (problem && 'invalid' in problem) throw invalidTemplate(problem.invalid);
  if (problem) {
    const tags = problem.unknown.map((t) => `{${t}}`).join(', ');
    throw new AppError(400, kind.unknown, { file: (ll) => ll.errors[kind.unknown]({ tags }) }, { tags });
  }
  return { file, bytes };
}

/** A landlord's uploaded .docx whose every tag parses and is a lease field. */
async function checkedTemplate(user: AuthedUser, upload: Upload | undefined) {
  if (user.role !== 'landlord' || !user.landlordId) throw forbidden();
  return { landlordId: user.landlordId, ...(await checkedTemplateFile(upload, leaseKind)) };
}

/** A sample lease, so the landlord sees the template filled before saving it. */
const demoLease: Values = {
  number: 'Д-2026/017',
  renter_name: 'ИП «Dana Fashion»',
  renter_bin: '900101300123',
  rooms: '№12, №13',
  area: decimalText('54.50'),
  rate: decimalText('6500.00'),
  monthly_total: decimalText('354250.00'),
  deposit: decimalText('708500.00'),
  starts_on: '01.01.2026',
  ends_on: '31.12.2026',
  signed_on: '20.12.2025',
  payment_day: '10',
  indexation: decimalText('5.00'),
  object_name: 'ТРЦ «Керуен»',
  object_address: 'г. Астана, ул. Достык, 9',
  landlord_name: 'ТОО «Керуен Девелопмент»',
};

/** The uploaded template (bounded and parsed by checkedTemplate) filled with the sample lease (the landlord only); nothing is stored. */
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
  await storage.putFile(key, file.upload.path, DOCX);
  const set = { templateKey: key, templateName: String(file.columns?.name ?? 'template.docx'), templateUploadedAt: new Date(), updatedAt: new Date() };
  let before: string | null | undefined;
  try {
    // The key replaced is read under a lock with the write: of two uploads at once, the second removes the first's.
    before = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ key: contractSettings.templateKey })
        .from(contractSettings)
        .where(eq(contractSettings.landlordId, landlordId))
        .for('update');
      await tx
        .insert(contractSettings)
        .values({ landlordId, ...set })
        .onConflictDoUpdate({ target: contractSettings.landlordId, set });
      return row?.key;
    });
  } catch (err) {
    await removeStored(storage, [key]);
    throw err;
  }
  await removeStored(storage, [before]);
}

export async function templateOf(db: Db, landlordId: string) {
  const [row] = await db
    .select({ key: contractSettings.templateKey, name: contractSettings.templateName, at: contractSettings.templateUploadedAt })
    .from(contractSettings)
    .where(eq(contractSettings.landlordId, landlordId));
  return row?.key && row.name && row.at ? { key: row.key, name: row.name, at: row.at } : null;
}

/** The lease's fields for its template: the row's own, and in one read what it does not carry (the renter's BIN, the address, the landlord). */
async function valuesOf(db: Db, row: ContractRow): Promise<Values> {
  const c = row.contract;
  const [[more], rooms] = await Promise.all([
    db
      .select({ bin: renters.binIin, address: objects.address, landlord: landlords.name })
      .from(contracts)
      .innerJoin(renters, eq(renters.id, contracts.renterId))
      .innerJoin(objects, eq(objects.id, contracts.objectId))
      .innerJoin(landlords, eq(landlords.id, contracts.landlordId))
      .where(and(eq(contracts.id, c.id), eq(contracts.landlordId, c.landlordId))),
    roomsOf(db, [c.id]),
  ]);
  return {
    number: c.number,
    renter_name: row.renterName,
    renter_bin: more?.bin ?? '',
    rooms: rooms.map((r) => `№${r.number}`).join(', '),
    area: decimalText(c.area),
    rate: decimalText(c.rate),
    monthly_total: decimalText(c.monthlyTotal),
    deposit: decimalText(c.deposit),
    starts_on: dayText(c.startsOn),
    ends_on: dayText(c.endsOn),
    signed_on: dayText(c.signedOn),
    payment_day: c.paymentDay === null ? '' : String(c.paymentDay),
    indexation: decimalText(c.indexationPercent),
    object_name: row.objectName,
    object_address: more?.address ?? '',
    landlord_name: more?.landlord ?? '',
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
  // Bounded again: a template kept before the limits (or under looser ones) is refused, not parsed.
  const bytes = await buffer(stored.body);
  await checkTemplateSize(bytes);
  const filled = await render(bytes, await valuesOf(db, row));
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
