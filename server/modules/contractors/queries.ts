import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { components } from '#/api/schema';
import type { Db } from '../../db/client';
import { contractors } from '../../db/schema';
import { likeAny, likePattern, pageWithTotal } from '../../http/pagination';
import { companyDto } from './company';

export type ContractorDto = components['schemas']['Contractor'];
export type ContractorRow = typeof contractors.$inferSelect;
export type ContractorFilter = { scope: SQL | undefined; search?: string; status?: 'active' | 'deleted'; landlordId?: string };
export type ContractorSort = 'name' | '-name' | 'created_at' | '-created_at';

export function toContractorDto(row: ContractorRow): ContractorDto {
  return { id: row.id, ...companyDto(row), status: row.status, created_at: row.createdAt.toISOString() };
}

/** Search over the columns a landlord would type: name, BIN, services, contact, phone, e-mail. */
type SearchColumns = Record<'name' | 'bin' | 'services' | 'contactName' | 'phone' | 'email', PgColumn>;

export function companySearch(table: SearchColumns, search?: string) {
  return likeAny(likePattern(search), [table.name, table.bin, table.services, table.contactName, table.phone, table.email]);
}

function contractorWhere({ scope, search, status = 'active', landlordId }: ContractorFilter): SQL | undefined {
  return and(scope, landlordId ? eq(contractors.landlordId, landlordId) : undefined, eq(contractors.status, status), companySearch(contractors, search));
}

const byName = sql`${contractors.name} collate "und-x-icu"`;
const order: Record<ContractorSort, SQL[]> = {
  name: [asc(byName), asc(contractors.id)],
  '-name': [desc(byName), desc(contractors.id)],
  created_at: [asc(contractors.createdAt), asc(contractors.id)],
  '-created_at': [desc(contractors.createdAt), desc(contractors.id)],
};

export async function listContractors(db: Db, filter: ContractorFilter, sort: ContractorSort, page: { limit: number; offset: number }) {
  const where = contractorWhere(filter);
  return pageWithTotal(
    db,
    { name: 'contractors', where, sort },
    () => db.select().from(contractors).where(where).$dynamic(),
    [...order[sort]],
    page,
    () => db.select({ n: count() }).from(contractors).where(where),
  );
}

/** One contractor inside the caller's scope, or undefined (the handler answers 404). */
export async function findContractor(db: Db, scope: SQL | undefined, id: string): Promise<ContractorRow | undefined> {
  const [row] = await db
    .select()
    .from(contractors)
    .where(and(scope, eq(contractors.id, id)))
    .limit(1);
  return row;
}

/** An active contractor of the landlord, the only kind a request or a task may go to; undefined otherwise. */
export async function activeContractorOf(db: Db, landlordId: string, id: string | undefined): Promise<string | undefined> {
  if (!id) return undefined;
  const [row] = await db
    .select({ id: contractors.id })
    .from(contractors)
    .where(and(eq(contractors.id, id), eq(contractors.landlordId, landlordId), eq(contractors.status, 'active')));
  return row?.id;
}
