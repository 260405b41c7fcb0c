import { employeeLevel } from '../../auth/authorize';
import { type AccessModule, levelAllows } from '../../auth/levels';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { forbidden } from '../../http/errors';

export type Purpose = 'event' | 'task' | 'violation';
export type Role = 'employee' | 'renter' | 'contractor';

/**
 * Each pick is allowed to those who may create the record it is for, and offers the roles that record
 * accepts: the rules of the pickers this directory replaced, no wider.
 */
const purposes: Record<Purpose, { module: AccessModule; roles: readonly Role[] }> = {
  event: { module: 'calendar', roles: ['employee', 'renter'] },
  task: { module: 'tasks', roles: ['employee', 'renter', 'contractor'] },
  violation: { module: 'violations', roles: ['renter'] },
};

/**
 * The roles this caller may list for `purpose`: the landlord always, an employee whose level in the
 * purpose's module allows creating; a renter or the superadmin (no landlord of its own) never.
 */
export async function rolesFor(db: Db, user: AuthedUser, purpose: Purpose, asked: readonly Role[] | undefined): Promise<Role[]> {
  const rule = purposes[purpose];
  if (!user.landlordId || (user.role !== 'landlord' && user.role !== 'employee')) throw forbidden();
  if (user.role === 'employee' && !levelAllows(await employeeLevel(db, user.id, rule.module), 'create')) throw forbidden();
  return rule.roles.filter((r) => !asked || asked.includes(r));
}
