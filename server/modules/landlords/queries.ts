import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Db } from '../../db/client';
import { landlords } from '../../db/schema';
import { likeAny, likePattern } from '../../http/pagination';

export type LandlordDto = components['schemas']['Landlord'];

// Correlated subqueries name the outer table in full: drizzle leaves a lone table's columns unqualified.
// The landlord's first login (the one made with the organisation) and its objects, beside each row.
const firstLogin = (column: 'username' | 'full_name' | 'email') =>
  sql<
    string | null
  >`(select u.${sql.raw(column)} from users u where u.landlord_id = "landlords"."id" and u.role = 'landlord' order by u.created_at, u.id limit 1)`;
const columns = {
  landlord: landlords,
  username: firstLogin('username'),
  fullName: firstLogin('full_name'),
  loginEmail: firstLogin('email'),
  objectsCount: sql<number>`(select count(*)::int from objects o where o.landlord_id = "landlords"."id")`,
};
type Row = {
  landlord: typeof landlords.$inferSelect;
  username: string | null;
  fullName: string | null;
  loginEmail: string | null;
  objectsCount: number;
};

export function toLandlordDto({ landlord: l, ...r }: Row): LandlordDto {
  return {
    id: l.id,
    name: l.name,
    bin: l.bin,
    legal_address: l.legalAddress,
    phone: l.phone,
    email: l.email,
    status: l.status,
    username: r.username,
    full_name: r.fullName,
    login_email: r.loginEmail,
    objects_count: Number(r.objectsCount),
    created_at: l.createdAt.toISOString(),
  };
}

export type LandlordFilter = { search?: string; status?: 'active' | 'deleted' };
export type LandlordSort = 'name' | '-name' | 'created_at' | '-created_at';

// The id breaks ties so a page boundary never shows a row twice or skips one.
const byName = sql`${landlords.name} collate "und-x-icu"`;
export const landlordOrder: Record<LandlordSort, SQL[]> = {
  name: [asc(byName), asc(landlords.id)],
  '-name': [desc(byName), desc(landlords.id)],
  created_at: [asc(landlords.createdAt), asc(landlords.id)],
  '-created_at': [desc(landlords.createdAt), desc(landlords.id)],
};

function landlordWhere({ search, status = 'active' }: LandlordFilter): SQL | undefined {
  const pattern = likePattern(search);
  return and(eq(landlords.status, status), likeAny(pattern, [landlords.name, landlords.bin, landlords.email, columns.username]));
}

export async function listLandlords(db: Db, filter: LandlordFilter, sort: LandlordSort, page: { limit: number; offset: number }) {
  const where = landlordWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(landlords)
      .where(where)
      .orderBy(...landlordOrder[sort])
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(landlords).where(where),
  ]);
  return { rows: rows.map(toLandlordDto), total: total?.n ?? 0 };
}

export async function findLandlord(db: Db, id: string): Promise<LandlordDto | undefined> {
  const [row] = await db.select(columns).from(landlords).where(eq(landlords.id, id)).limit(1);
  return row && toLandlordDto(row);
}
