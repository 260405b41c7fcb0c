import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Db } from '../../db/client';
import { employees, users } from '../../db/schema';
import { likeAny, likePattern, pageWithTotal } from '../../http/pagination';

export type EmployeeDto = components['schemas']['Employee'];
export type EmployeeRow = typeof employees.$inferSelect & { username: string; language: EmployeeDto['language'] };
export type EmployeeFilter = { scope: SQL | undefined; search?: string; status?: 'active' | 'deleted'; landlordId?: string };
export type EmployeeSort = 'full_name' | '-full_name' | 'created_at' | '-created_at';

export function toEmployeeDto(row: EmployeeRow): EmployeeDto {
  return {
    id: row.id,
    full_name: row.fullName,
    iin: row.iin,
    legal_name: row.legalName,
    department: row.department,
    group: row.group,
    position: row.position,
    phone: row.phone,
    email: row.email,
    status: row.status,
    username: row.username,
    language: row.language,
    created_at: row.createdAt.toISOString(),
  };
}

/** The list's WHERE: scope, status (active by default), search over name, IIN, position, login. */
export function employeeWhere({ scope, search, status = 'active', landlordId }: EmployeeFilter): SQL | undefined {
  const pattern = likePattern(search);
  return and(
    scope,
    landlordId ? eq(employees.landlordId, landlordId) : undefined,
    eq(employees.status, status),
    likeAny(pattern, [employees.fullName, employees.iin, employees.position, employees.department, users.username]),
  );
}

const byName = sql`${employees.fullName} collate "und-x-icu"`;
export const employeeOrder: Record<EmployeeSort, SQL[]> = {
  full_name: [asc(byName), asc(employees.id)],
  '-full_name': [desc(byName), desc(employees.id)],
  created_at: [asc(employees.createdAt), asc(employees.id)],
  '-created_at': [desc(employees.createdAt), desc(employees.id)],
};

const selectEmployees = (db: Db) =>
  db
    .select({ ...getColumns(), username: users.username, language: users.language })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId));

function getColumns() {
  const { id, landlordId, userId, fullName, iin, legalName, department, group, position, phone, email, canNotify, status, createdAt, updatedAt } = employees;
  return {
    id,
    landlordId,
    userId,
    fullName,
    iin,
    legalName,
    department,
    group,
    position,
    phone,
    email,
    canNotify,
    status,
    createdAt,
    updatedAt,
  };
}

export async function listEmployees(db: Db, filter: EmployeeFilter, sort: EmployeeSort, page: { limit: number; offset: number }) {
  const where = employeeWhere(filter);
  return pageWithTotal(
    db,
    { name: 'employees', where, sort },
    () => selectEmployees(db).where(where).$dynamic(),
    [...employeeOrder[sort]],
    page,
    () => db.select({ n: count() }).from(employees).innerJoin(users, eq(users.id, employees.userId)).where(where),
  );
}

/** One employee inside the caller's scope, or undefined (the handler answers 404). */
export async function findEmployee(db: Db, scope: SQL | undefined, id: string): Promise<EmployeeRow | undefined> {
  const [row] = await selectEmployees(db)
    .where(and(scope, eq(employees.id, id)))
    .limit(1);
  return row;
}

/** A batch of the export, keyset-paginated on (name, id) so 100k rows never sit in memory. */
export async function employeeBatch(db: Db, filter: EmployeeFilter, after: { name: string; id: string } | null, size: number) {
  const keyset = after ? sql`(${byName}, ${employees.id}) > (${after.name} collate "und-x-icu", ${after.id}::uuid)` : undefined;
  return selectEmployees(db)
    .where(and(employeeWhere(filter), keyset))
    .orderBy(...employeeOrder.full_name)
    .limit(size);
}
