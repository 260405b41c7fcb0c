import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { components } from '#/api/schema';
import { type AccessLevel, type AccessModule, accessModules } from '../../auth/levels';
import type { Db } from '../../db/client';
import { employeeAccess, employees } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';

type Levels = components['schemas']['AccessLevels'];
type Permission = { employee_id: string; allowed: boolean };

/**
 * Replaces an employee's grants in one transaction: a module left out is `none`, stored as no row
 * (a missing row already means no access), so the table holds only real grants.
 */
export async function setEmployeeAccess(db: Db, scope: SQL | undefined, employeeId: string, levels: Levels): Promise<void> {
  const [employee] = await db
    .select({ status: employees.status })
    .from(employees)
    .where(and(scope, eq(employees.id, employeeId)))
    .limit(1);
  if (!employee) throw notFound();
  if (employee.status !== 'active') throw new AppError(409, 'invalid_state');
  const granted = accessModules
    .map((module): { module: AccessModule; level: AccessLevel } => ({ module, level: levels[module] ?? 'none' }))
    .filter((g) => g.level !== 'none');
  await db.transaction(async (tx) => {
    await tx.delete(employeeAccess).where(eq(employeeAccess.employeeId, employeeId));
    if (granted.length > 0) await tx.insert(employeeAccess).values(granted.map((g) => ({ employeeId, ...g })));
  });
}

/**
 * POST /employee-notifications/permissions: all listed employees must be the caller's
 * (else 404 and nothing changes); for an id listed twice the last entry wins.
 */
export async function setNotificationPermissions(db: Db, scope: SQL | undefined, permissions: Permission[]): Promise<void> {
  const wanted = new Map(permissions.map((p) => [p.employee_id, p.allowed]));
  if (wanted.size === 0) return;
  const ids = [...wanted.keys()];
  const found = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(scope, inArray(employees.id, ids)));
  if (found.length !== ids.length) throw notFound();
  const allowed = ids.filter((id) => wanted.get(id));
  const refused = ids.filter((id) => !wanted.get(id));
  await db.transaction(async (tx) => {
    const now = new Date();
    if (allowed.length) await tx.update(employees).set({ canNotify: true, updatedAt: now }).where(inArray(employees.id, allowed));
    if (refused.length) await tx.update(employees).set({ canNotify: false, updatedAt: now }).where(inArray(employees.id, refused));
  });
}
