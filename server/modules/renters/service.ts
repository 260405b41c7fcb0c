import { eq, type SQL } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Locales } from '#/i18n/i18n-types';
import { isValidBinIin } from '#/shared/kz-ids';
import { INSTAGRAM_PATTERN, isHttpUrl } from '#/shared/web-links';
import type { Db, Tx } from '../../db/client';
import { renters, users } from '../../db/schema';
import { AppError, invalidField, invalidFields, notFound } from '../../http/errors';
import type { LL } from '../../http/i18n';
import { orNull } from '../../http/input';
import { changeRecordStatus } from '../../workflow/record-status';
import { createLogin, createLogins, loginFollowsRecord } from '../users/logins';
import { findRenter, type RenterRow, renterById, roomOfLandlord } from './queries';

type RenterInput = components['schemas']['RenterInput'];

const requiredText = ['legal_name', 'trade_point_name', 'trade_category', 'contact_full_name', 'contact_position', 'legal_address'] as const;

/** A room outside the landlord's scope: "not found", said beside the room picker. */
export const roomNotFound = () => invalidField('room_id', (ll) => ll.validation.room());

/**
 * The rules the contract cannot say. Every broken
 * rule is reported at once, as the form shows them all.
 */
async function checkInput(db: Db, landlordId: string, input: RenterInput): Promise<void> {
  const fields: Record<string, (ll: LL) => string> = {};
  for (const name of requiredText) if (!input[name].trim()) fields[name] = (ll) => ll.validation.required();
  if (!isValidBinIin(input.bin_iin)) fields.bin_iin = (ll) => ll.validation.binIin();
  const instagram = input.instagram?.trim();
  if (instagram && !INSTAGRAM_PATTERN.test(instagram)) fields.instagram = (ll) => ll.validation.instagram();
  const website = input.website?.trim();
  if (website && !isHttpUrl(website)) fields.website = (ll) => ll.validation.url();
  if (!(await roomOfLandlord(db, landlordId, input.room_id))) fields.room_id = (ll) => ll.validation.room();
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

function columnsOf(input: RenterInput) {
  return {
    legalName: input.legal_name.trim(),
    binIin: input.bin_iin,
    tradePointName: input.trade_point_name.trim(),
    tradeCategory: input.trade_category.trim(),
    roomId: input.room_id,
    leaseContractDate: input.lease_contract_date,
    // numeric(10, 2): rounded here so the answer shows what is stored.
    tradeArea: input.trade_area.toFixed(2),
    contactFullName: input.contact_full_name.trim(),
    contactPosition: input.contact_position.trim(),
    phone: input.phone,
    email: input.email.trim(),
    instagram: orNull(input.instagram),
    website: orNull(input.website),
    legalAddress: input.legal_address.trim(),
  };
}

/** Renter and its login in one transaction; the first-login mail goes after the commit. */
export async function createRenter(db: Db, landlordId: string, input: RenterInput & { username: string; language: Locales }): Promise<string> {
  await checkInput(db, landlordId, input);
  const values = columnsOf(input);
  return db.transaction(async (tx) => {
    const userId = await createLogin(tx, {
      landlordId,
      username: input.username,
      email: values.email,
      fullName: values.contactFullName,
      role: 'renter',
      language: input.language,
    });
    // The room's logo is the renter's avatar in its profile.
    await tx.update(users).set({ roomId: values.roomId }).where(eq(users.id, userId));
    const [row] = await tx
      .insert(renters)
      .values({ ...values, landlordId, userId })
      .returning({ id: renters.id });
    if (!row) throw new Error('renter not created');
    return row.id;
  });
}

/**
 * New renters at once, a thousand a statement: an import's rows, each already held to createRenter's
 * rules in the same transaction (imports/entities/tenants.ts), so a centre's move-in is a few statements
 * instead of several per tenant. Returns the new logins' user ids.
 */
export async function insertRenters(tx: Tx, landlordId: string, inputs: (RenterInput & { username: string; language: Locales })[]): Promise<string[]> {
  const userIds: string[] = [];
  for (let at = 0; at < inputs.length; at += 1000) {
    const batch = inputs.slice(at, at + 1000).map((input) => ({ input, values: columnsOf(input) }));
    const ids = await createLogins(
      tx,
      batch.map(({ input, values }) => ({
        landlordId,
        username: input.username,
        email: values.email,
        fullName: values.contactFullName,
        role: 'renter' as const,
        language: input.language,
        // The room's logo is the renter's avatar in its profile.
        roomId: values.roomId,
      })),
    );
    await tx.insert(renters).values(
      batch.map(({ input, values }) => {
        const userId = ids.get(input.username.trim().toLowerCase());
        if (!userId) throw new Error('renter login not created');
        userIds.push(userId);
        return { ...values, landlordId, userId };
      }),
    );
  }
  return userIds;
}

export async function updateRenter(db: Db, scope: SQL | undefined, id: string, input: RenterInput): Promise<void> {
  const current = await findRenter(db, renterById(scope, id));
  if (!current) throw notFound();
  if (current.status !== 'active') throw new AppError(409, 'invalid_state');
  await checkInput(db, current.landlordId, input);
  const values = columnsOf(input);
  await db.transaction(async (tx) => {
    await tx
      .update(renters)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(renters.id, id));
    await tx
      .update(users)
      .set({ fullName: values.contactFullName, email: values.email, roomId: values.roomId, language: input.language })
      .where(eq(users.id, current.userId));
  });
}

/** Delete or restore as machines/record.ts allows; the login follows the record. */
export async function changeRenterStatus(db: Db, scope: SQL | undefined, id: string, event: 'record.delete' | 'record.restore'): Promise<RenterRow> {
  const current = await findRenter(db, renterById(scope, id));
  if (!current) throw notFound();
  const { status } = await db.transaction(async (tx) => {
    const changed = await changeRecordStatus(tx, renters, id, current.status, event);
    await loginFollowsRecord(tx, current.userId, changed.status);
    return changed;
  });
  return { ...current, status };
}
