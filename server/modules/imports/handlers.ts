import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Locales } from '#/i18n/i18n-types';
import { importActions, importStaffEvents } from '#machines/import';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { imports } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { sendDownload } from '../../http/download';
import { notFound } from '../../http/errors';
import { type LL, localeOf, translatorFor } from '../../http/i18n';
import { pageOf, pageResult } from '../../http/pagination';
import { type UploadGate, uploadOf } from '../../http/uploads';
import { presentHistory } from '../../workflow/history';
import { importableBy, requireImporter } from './access';
import { entities } from './entities';
import { invitationCounts } from './invitations';
import type { ImportEntity } from './kit';
import { commitImport, contentTypeOf, createImport, discardImport, errorReport, type ImportRow, importHistory, importOf, originalFile } from './service';
import { importTemplate } from './template';

type Ops = 'getImportTemplate' | 'listImports' | 'createImport' | 'getImport' | 'getImportErrorReport' | 'getImportFile' | 'commitImport' | 'discardImport';
type ImportDto = components['schemas']['Import'];
type ImportDetail = components['schemas']['ImportDetail'];

function toImportDto(row: ImportRow): ImportDto {
  const staff = new Set<string>(importStaffEvents);
  return {
    id: row.id,
    entity: row.entity,
    status: row.status,
    file_name: row.fileName,
    file_size: row.fileSize,
    created_at: row.createdAt.toISOString(),
    created_by: { id: row.createdBy, name: row.createdByName },
    counts: {
      total: row.total,
      new: row.created,
      changed: row.changed,
      unchanged: row.unchanged,
      wrong: row.wrong,
      skipped: row.total - row.created - row.changed - row.unchanged - row.wrong,
    },
    error_count: row.errorCount,
    committed_at: row.committedAt?.toISOString() ?? null,
    actions: importActions(row.status, { wrong: row.wrong }, 'staff').filter((e): e is (typeof importStaffEvents)[number] => staff.has(e)),
  };
}

async function toImportDetail(db: Db, row: ImportRow, ll: LL, locale: Locales): Promise<ImportDetail> {
  const labels = new Map(entities[row.entity].columns.map((c) => [c.key, c.label(ll)]));
  return {
    ...toImportDto(row),
    errors: row.errors.map((e) => ({
      row: e.row,
      column: e.column,
      column_name: e.column ? (labels.get(e.column) ?? e.column) : null,
      message: e.message[locale],
    })),
    errors_truncated: row.errorCount > row.errors.length,
    failure: row.failure ? ll.imports.failure.timeout() : null,
    history: (await presentHistory(db, importHistory, row.id)) as ImportDetail['history'],
    invitations: await invitationCounts(db, row.id),
  };
}

/** The import kit: templates, uploads with their check, history, commit and discard (modules/imports). */
export function importHandlers(deps: Deps): HandlersOf<Ops> {
  const { db, storage } = deps;
  /** The caller's import by id (another landlord's: 404), with the caller allowed to import its entity (403). */
  const importFor = async (user: AuthedUser, id: string) => {
    await importableBy(db, user);
    const row = await importOf(db, user.landlordId ?? '', id);
    return { row, who: await requireImporter(db, user, row.entity) };
  };

  return {
    async getImportTemplate(req, reply) {
      const entity = entities[req.params.entity];
      const who = await requireImporter(db, callerOf(req), req.params.entity);
      // An entity of its own file format (a bank's statement) has no spreadsheet to fill.
      if (entity.format) throw notFound();
      const ll = translatorFor(req);
      const book = await importTemplate(db, entity, who.landlordId, ll);
      return sendDownload(reply, book, `${ll.imports.entities[entity.entity]()}.xlsx`, contentTypeOf('xlsx'));
    },
    async listImports(req) {
      const user = callerOf(req);
      const allowed = await importableBy(db, user);
      const q = req.query;
      const page = pageOf(q, 20);
      const where = and(
        eq(imports.landlordId, user.landlordId ?? ''),
        inArray(imports.entity, q.entity ? allowed.filter((e) => e === q.entity) : allowed),
        q.status ? eq(imports.status, q.status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(imports)
          .where(where)
          .orderBy(desc(imports.createdAt), desc(imports.id))
          .limit(page.limit)
          .offset((page.page - 1) * page.limit),
        db.select({ n: count() }).from(imports).where(where),
      ]);
      return pageResult(rows.map(toImportDto), total?.n ?? 0, page);
    },
    async createImport(req, reply) {
      // The contract has judged the multipart fields (the entity is one of the enum); its types leave them unknown.
      const { entity } = req.body as unknown as { entity: ImportEntity };
      const who = await requireImporter(db, callerOf(req), entity);
      const row = await createImport(deps, who, entity, uploadOf(req, 'file'), translatorFor(req), localeOf(req));
      return reply.status(201).send(await toImportDetail(db, row, translatorFor(req), localeOf(req)));
    },
    async getImport(req) {
      const { row } = await importFor(callerOf(req), req.params.id);
      return toImportDetail(db, row, translatorFor(req), localeOf(req));
    },
    async getImportErrorReport(req, reply) {
      const { row } = await importFor(callerOf(req), req.params.id);
      const ll = translatorFor(req);
      const report = await errorReport(db, storage, row, ll, localeOf(req));
      const base = row.fileName.replace(/\.(xlsx|csv|txt)$/i, '');
      return sendDownload(reply, Buffer.from(report), `${base} — ${ll.imports.errorsColumn()}.xlsx`, contentTypeOf('xlsx'));
    },
    async getImportFile(req, reply) {
      const { row } = await importFor(callerOf(req), req.params.id);
      const file = await originalFile(storage, row);
      return sendDownload(reply, file.body, row.fileName, contentTypeOf(row.fileType));
    },
    async commitImport(req) {
      const { row, who } = await importFor(callerOf(req), req.params.id);
      await commitImport(deps, who, row, translatorFor(req), localeOf(req), req.body?.invite === true);
      return toImportDetail(db, await importOf(db, who.landlordId, row.id), translatorFor(req), localeOf(req));
    },
    async discardImport(req) {
      const { row, who } = await importFor(callerOf(req), req.params.id);
      await discardImport(deps, who, row);
      return toImportDetail(db, await importOf(db, who.landlordId, row.id), translatorFor(req), localeOf(req));
    },
  };
}

/** A file is read only from someone who may import at least one entity; the entity itself is judged with the body. */
export const importUploadGates = ({ db }: Deps): Record<string, UploadGate> => ({
  createImport: async (req) => importableBy(db, callerOf(req as { user: AuthedUser | null })),
});
