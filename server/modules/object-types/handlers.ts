import { and, asc, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Locales } from '#/i18n/i18n-types';
import type { Db } from '../../db/client';
import { objects, objectTypes } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { AppError, notFound } from '../../http/errors';
import { localeOf } from '../../http/i18n';
import { namesFrom } from '../../http/names';
import { likeAny, likePattern, pageOf, pageResult } from '../../http/pagination';

type Ops = 'listObjectTypes' | 'createObjectType' | 'getObjectType' | 'updateObjectType' | 'deleteObjectType';
type ObjectTypeDto = components['schemas']['ObjectType'];
type ObjectTypeInput = components['schemas']['ObjectTypeInput'];

/** The type's name in the caller's language: what lists, pickers and objects show. */
export const objectTypeName = (locale: Locales) => (locale === 'kk' ? objectTypes.nameKk : locale === 'en' ? objectTypes.nameEn : objectTypes.nameRu);

const columnsFor = (locale: Locales) => ({
  id: objectTypes.id,
  name: objectTypeName(locale),
  name_ru: objectTypes.nameRu,
  name_kk: objectTypes.nameKk,
  name_en: objectTypes.nameEn,
  objects_count: sql<number>`(select count(*)::int from objects o where o.type_id = "object_types"."id")`.mapWith(Number),
});

async function find(db: Db, id: string, locale: Locales): Promise<ObjectTypeDto> {
  const [row] = await db.select(columnsFor(locale)).from(objectTypes).where(eq(objectTypes.id, id));
  if (!row) throw notFound();
  return row;
}

// Sorted by the name the caller reads; the id breaks ties so a page boundary never shows a row twice or skips one.
function orderFor(sort: 'name' | '-name', locale: Locales): SQL[] {
  const byName = sql`${objectTypeName(locale)} collate "und-x-icu"`;
  return sort === 'name' ? [asc(byName), asc(objectTypes.id)] : [desc(byName), desc(objectTypes.id)];
}

const pgCode = (err: unknown): unknown => (err as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (err as { code?: unknown }).code;

/** The three names, trimmed and not blank; the Russian one free in any letter case (the unique index is on lower(name)). */
async function namesOf(db: Db, input: ObjectTypeInput, exceptId?: string) {
  const names = namesFrom(input);
  const [taken] = await db
    .select({ id: objectTypes.id })
    .from(objectTypes)
    .where(and(eq(sql`lower(${objectTypes.nameRu})`, names.nameRu.toLowerCase()), exceptId ? ne(objectTypes.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new AppError(409, 'name_taken', { name_ru: (ll) => ll.errors.name_taken() });
  return names;
}

/** The object-type catalogue (/type-object): read by everyone signed in, kept by the superadmin. */
export function objectTypeHandlers({ db }: Deps): HandlersOf<Ops> {
  return {
    async listObjectTypes(req) {
      callerOf(req);
      const locale = localeOf(req);
      const page = pageOf(req.query, 20);
      const pattern = likePattern(req.query.search);
      const where = likeAny(pattern, [objectTypes.nameRu, objectTypes.nameKk, objectTypes.nameEn]);
      const [rows, [total]] = await Promise.all([
        db
          .select(columnsFor(locale))
          .from(objectTypes)
          .where(where)
          .orderBy(...orderFor(req.query.sort ?? 'name', locale))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(objectTypes).where(where),
      ]);
      return pageResult(rows, total?.n ?? 0, page);
    },
    async createObjectType(req, reply) {
      const [row] = await db
        .insert(objectTypes)
        .values(await namesOf(db, req.body))
        .returning({ id: objectTypes.id });
      if (!row) throw new Error('object type not created');
      return reply.status(201).send(await find(db, row.id, localeOf(req)));
    },
    async getObjectType(req) {
      return find(db, req.params.id, localeOf(req));
    },
    async updateObjectType(req) {
      await find(db, req.params.id, localeOf(req));
      await db
        .update(objectTypes)
        .set(await namesOf(db, req.body, req.params.id))
        .where(eq(objectTypes.id, req.params.id));
      return find(db, req.params.id, localeOf(req));
    },
    async deleteObjectType(req, reply) {
      await find(db, req.params.id, localeOf(req));
      const [used] = await db.select({ n: count() }).from(objects).where(eq(objects.typeId, req.params.id));
      if ((used?.n ?? 0) > 0) throw new AppError(409, 'in_use');
      try {
        await db.delete(objectTypes).where(eq(objectTypes.id, req.params.id));
      } catch (err) {
        // An object given this type since the count above: the foreign key says no.
        if (pgCode(err) === '23503') throw new AppError(409, 'in_use');
        throw err;
      }
      return reply.status(204).send();
    },
  };
}
