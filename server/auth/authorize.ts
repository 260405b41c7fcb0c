import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { employeeAccess, employees } from '../db/schema';
import { forbidden } from '../http/errors';
import { type AccessAction, type AccessLevel, type AccessModule, levelAllows } from './levels';
import type { AuthedUser } from './sessions';

/** An employee's level in a module; no row (or a deleted employee) is `none`. */
export async function employeeLevel(db: Db, userId: string, module: AccessModule): Promise<AccessLevel> {
  const [row] = await db
    .select({ level: employeeAccess.level })
    .from(employeeAccess)
    .innerJoin(employees, eq(employees.id, employeeAccess.employeeId))
    .where(and(eq(employees.userId, userId), eq(employees.status, 'active'), eq(employeeAccess.module, module)))
    .limit(1);
  return row?.level ?? 'none';
}

/**
 * Every register call passes here: the superadmin and the landlord may do everything (their
 * scope is the landlord filter), an employee what its grant allows, a renter nothing.
 */
export async function authorize(db: Db, user: AuthedUser, module: AccessModule, action: AccessAction): Promise<void> {
  if (!(await may(db, user, module, action))) throw forbidden();
}

/** authorize's answer as a yes or no (a menu badge is 0 rather than an error). */
export async function may(db: Db, user: AuthedUser, module: AccessModule, action: AccessAction): Promise<boolean> {
  if (user.role === 'superadmin' || user.role === 'landlord') return true;
  return user.role === 'employee' && levelAllows(await employeeLevel(db, user.id, module), action);
}
