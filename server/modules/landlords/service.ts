import { and, eq, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Locales } from '#/i18n/i18n-types';
import { isValidBinIin } from '#/shared/kz-ids';
import { revokeUserAccess } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { landlords, users } from '../../db/schema';
import { AppError, invalidField, notFound } from '../../http/errors';
import { orNull } from '../../http/input';
import { changeRecordStatus } from '../../workflow/record-status';
import { createLogin } from '../users/logins';
import { seedViolationTypes } from '../violations/catalogue';

type LandlordInput = components['schemas']['LandlordInput'];
type LandlordCreate = components['schemas']['LandlordCreate'];

/** The rules the contract cannot say. */
function checkInput(input: LandlordInput) {
  if (!input.name.trim()) throw invalidField('name', (ll) => ll.validation.required());
  if (!isValidBinIin(input.bin)) throw invalidField('bin', (ll) => ll.validation.binIin());
}

function columnsOf(input: LandlordInput) {
  return {
    name: input.name.trim(),
    bin: input.bin,
    legalAddress: orNull(input.legal_address),
    phone: orNull(input.phone),
    email: orNull(input.email),
  };
}

/** Organisation and its landlord login in one transaction; the first-login mail goes after the commit. */
export async function createLandlord(db: Db, input: LandlordCreate & { language: Locales }): Promise<string> {
  checkInput(input);
  if (!input.full_name.trim()) throw invalidField('full_name', (ll) => ll.validation.required());
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(landlords).values(columnsOf(input)).returning({ id: landlords.id });
    if (!row) throw new Error('landlord not created');
    await seedViolationTypes(tx, row.id);
    await createLogin(tx, {
      landlordId: row.id,
      username: input.username,
      email: input.login_email.trim(),
      fullName: input.full_name.trim(),
      role: 'landlord',
      language: input.language,
    });
    return row.id;
  });
}

export async function updateLandlord(db: Db, id: string, input: LandlordInput): Promise<void> {
  checkInput(input);
  const [current] = await db.select({ status: landlords.status }).from(landlords).where(eq(landlords.id, id));
  if (!current) throw notFound();
  if (current.status !== 'active') throw new AppError(409, 'invalid_state');
  await db
    .update(landlords)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(eq(landlords.id, id));
}

/**
 * Delete or restore as machines/record.ts allows. A deleted landlord's logins all stop (sessions
 * revoked); a restore brings back its landlord logins and those employees and renters whose own
 * records are active, so a restore never revives someone deleted on purpose.
 */
export async function changeLandlordStatus(db: Db, id: string, event: 'record.delete' | 'record.restore'): Promise<void> {
  const [current] = await db.select({ status: landlords.status }).from(landlords).where(eq(landlords.id, id));
  if (!current) throw notFound();
  await db.transaction(async (tx) => {
    const { status: next } = await changeRecordStatus(tx, landlords, id, current.status, event);
    if (next === 'deleted') {
      await tx.update(users).set({ active: false }).where(eq(users.landlordId, id));
      await revokeUserAccess(tx, tx.select({ id: users.id }).from(users).where(eq(users.landlordId, id)));
    } else {
      await tx
        .update(users)
        .set({ active: true })
        .where(
          and(
            eq(users.landlordId, id),
            sql`(${users.role} = 'landlord'
              or (${users.role} = 'employee' and exists (select 1 from employees e where e.user_id = ${users.id} and e.status = 'active'))
              or (${users.role} = 'renter' and exists (select 1 from renters r where r.user_id = ${users.id} and r.status = 'active')))`,
          ),
        );
    }
  });
}
