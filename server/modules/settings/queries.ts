import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import { type AccessLevel, accessModules } from '../../auth/levels';
import type { Db } from '../../db/client';
import { employeeAccess, employees, users } from '../../db/schema';

export type EmployeeAccessDto = components['schemas']['EmployeeAccess'];
type Grants = EmployeeAccessDto['levels'];

type EmployeeHead = { id: string; fullName: string; position: string | null; username: string; canNotify: boolean };

/** Every module at its granted level, `none` where no row exists. */
function grantsOf(rows: Array<{ module: keyof Grants; level: AccessLevel }>): Grants {
  const grants = Object.fromEntries(accessModules.map((m) => [m, 'none'])) as Grants;
  for (const r of rows) grants[r.module] = r.level;
  return grants;
}

const head = (db: Db) =>
  db
    .select({
      id: employees.id,
      fullName: employees.fullName,
      position: employees.position,
      username: users.username,
      canNotify: employees.canNotify,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId));

async function present(db: Db, heads: EmployeeHead[]): Promise<EmployeeAccessDto[]> {
  if (heads.length === 0) return [];
  const rows = await db
    .select({ employeeId: employeeAccess.employeeId, module: employeeAccess.module, level: employeeAccess.level })
    .from(employeeAccess)
    .where(
      inArray(
        employeeAccess.employeeId,
        heads.map((e) => e.id),
      ),
    );
  return heads.map((e) => ({
    employee_id: e.id,
    full_name: e.fullName,
    position: e.position,
    username: e.username,
    can_notify: e.canNotify,
    levels: grantsOf(rows.filter((r) => r.employeeId === e.id)),
  }));
}

/** The settings table: the active employees in the scope, by name, with their grants. */
export async function listEmployeeAccess(db: Db, scope: SQL | undefined, landlordId?: string): Promise<EmployeeAccessDto[]> {
  const heads = await head(db)
    .where(and(scope, landlordId ? eq(employees.landlordId, landlordId) : undefined, eq(employees.status, 'active')))
    .orderBy(asc(sql`${employees.fullName} collate "und-x-icu"`), asc(employees.id));
  return present(db, heads);
}

export async function findEmployeeAccess(db: Db, id: string): Promise<EmployeeAccessDto | undefined> {
  const heads = await head(db).where(eq(employees.id, id)).limit(1);
  return (await present(db, heads))[0];
}
