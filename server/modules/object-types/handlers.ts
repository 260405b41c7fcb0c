import { and, asc, count, desc, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Db } from '../../db/client';
import { objects, objectTypes } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf, requireRole } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { AppError, invalidField, notFound } from '../../http/errors';
import { likePattern, pageOf, pageResult } from '../../http/pagination';

type Ops = 'listObjectTypes' | 'createObjectType' | 'getObjectType' | 'updateObjectType' | 'deleteObjectType';
type ObjectTypeDto = components['schemas']['ObjectType'];

const columns = {
  id: objectTypes.id,
  name: objectTypes.name,
  objects_count: sql<number>`(select count(*)::int from objects o where o.type_id = "object_types"."id")`.mapWith(Number),
};

async function find(db: Db, id: string): Promise<ObjectTypeDto> {
  const [row] = await db.select(columns).from(objectTypes).where(eq(objectTypes.id, id));
  if (!row) throw notFound();
  return row;
}

// The id breaks ties so a page boundary never shows a row twice or skips one.
const byName = sql`${objectTypes.name} collate "und-x-icu"`;
const order: Record<'name' | '-name', SQL[]> = {
  name: [asc(byName), asc(objectTypes.id)],
  '-name': [desc(byName), desc(objectTypes.id)],
};

const pgCode = (err: unknown): unknown => (err as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (err as { code?: unknown }).code;

/** The name, trimmed, free in any letter case (the unique index is on lower(name)). */
async function freeName(db: Db, name: string, exceptId?: string): Promise<string> {
  const value = name.trim();
  if (!value) throw invalidField('name', (ll) => ll.validation.required());
  const [taken] = await db
    .select({ id: objectTypes.id })
    .from(objectTypes)
    .where(and(eq(sql`lower(${objectTypes.name})`, value.toLowerCase()), exceptId ? ne(objectTypes.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new AppError(409, 'name_taken', { name: (ll) => ll.errors.name_taken() });
  return value;
}

/** The object-type catalogue (spec §2 /type-object): read by everyone signed in, kept by the superadmin. */
export function objectTypeHandlers({ db }: Deps): HandlersOf<Ops> {
  const superadmin = (req: Parameters<typeof callerOf>[0]) => requireRole(callerOf(req), 'superadmin');
  return {
    async listObjectTypes(req) {
      callerOf(req);
      const page = pageOf(req.query, 20);
      const pattern = likePattern(req.query.search);
      const where = pattern ? ilike(objectTypes.name, pattern) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(objectTypes)
          .where(where)
          .orderBy(...order[req.query.sort ?? 'name'])
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(objectTypes).where(where),
      ]);
      return pageResult(rows, total?.n ?? 0, page);
    },
    async createObjectType(req, reply) {
      superadmin(req);
      const name = await freeName(db, req.body.name);
      const [row] = await db.insert(objectTypes).values({ name }).returning({ id: objectTypes.id });
      if (!row) throw new Error('object type not created');
      return reply.status(201).send(await find(db, row.id));
    },
    async getObjectType(req) {
      superadmin(req);
      return find(db, req.params.id);
    },
    async updateObjectType(req) {
      superadmin(req);
      await find(db, req.params.id);
      const name = await freeName(db, req.body.name, req.params.id);
      await db.update(objectTypes).set({ name }).where(eq(objectTypes.id, req.params.id));
      return find(db, req.params.id);
    },
    async deleteObjectType(req, reply) {
      superadmin(req);
      await find(db, req.params.id);
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
