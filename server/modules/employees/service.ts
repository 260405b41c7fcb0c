import type { SQL } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Locales } from '#/i18n/i18n-types';
import { isValidBinIin } from '#/shared/kz-ids';
import type { Db } from '../../db/client';
import { employees, users } from '../../db/schema';
import { AppError, invalidField, notFound } from '../../http/errors';
import { orNull } from '../../http/input';
import { changeRecordStatus } from '../../workflow/record-status';
import { createLogin, loginFollowsRecord } from '../users/logins';
import { type EmployeeRow, findEmployee } from './queries';

type EmployeeInput = components['schemas']['EmployeeInput'];

/** The rules the contract cannot say. */
function checkInput(input: EmployeeInput) {
  if (!input.full_name.trim()) throw invalidField('full_name', (ll) => ll.validation.required());
  if (input.iin && !isValidBinIin(input.iin)) throw invalidField('iin', (ll) => ll.validation.binIin());
}

function columnsOf(input: EmployeeInput) {
  return {
    fullName: input.full_name.trim(),
    iin: orNull(input.iin),
    legalName: orNull(input.legal_name),
    department: orNull(input.department),
    group: orNull(input.group),
    position: orNull(input.position),
    phone: orNull(input.phone),
    email: input.email.trim(),
  };
}

/** Employee and login in one transaction; the first-login mail goes after the commit. */
export async function createEmployee(db: Db, landlordId: string, input: EmployeeInput & { username: string; language: Locales }): Promise<string> {
  checkInput(input);
  const values = columnsOf(input);
  return db.transaction(async (tx) => {
    const userId = await createLogin(tx, {
      landlordId,
      username: input.username,
      email: values.email,
      fullName: values.fullName,
      role: 'employee',
      language: input.language,
    });
    const [row] = await tx
      .insert(employees)
      .values({ ...values, landlordId, userId })
      .returning({ id: employees.id });
    if (!row) throw new Error('employee not created');
    return row.id;
  });
}

export async function updateEmployee(db: Db, scope: SQL | undefined, id: string, input: EmployeeInput): Promise<void> {
  checkInput(input);
  const current = await findEmployee(db, scope, id);
  if (!current) throw notFound();
  if (current.status !== 'active') throw new AppError(409, 'invalid_state');
  const values = columnsOf(input);
  await db.transaction(async (tx) => {
    await tx
      .update(employees)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(employees.id, id));
    await tx.update(users).set({ fullName: values.fullName, email: values.email, language: input.language }).where(eq(users.id, current.userId));
  });
}

/** Delete or restore as machines/record.ts allows; the login follows the record. */
export async function changeEmployeeStatus(db: Db, scope: SQL | undefined, id: string, event: 'record.delete' | 'record.restore'): Promise<EmployeeRow> {
  const current = await findEmployee(db, scope, id);
  if (!current) throw notFound();
  const { status } = await db.transaction(async (tx) => {
    const changed = await changeRecordStatus(tx, employees, id, current.status, event);
    await loginFollowsRecord(tx, current.userId, changed.status);
    return changed;
  });
  return { ...current, status };
}
