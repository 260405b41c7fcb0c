import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Db } from '../../db/client';
import { contractorApplications, contractors, landlords } from '../../db/schema';
import { AppError, invalidField, notFound } from '../../http/errors';
import { pageWithTotal } from '../../http/pagination';
import { type CompanyInput, checkCompany, companyColumns, companyDto } from './company';
import { companySearch } from './queries';

export type ApplicationDto = components['schemas']['ContractorApplication'];
export type ApplicationStatus = components['schemas']['ContractorApplicationStatus'];
type ApplicationRow = typeof contractorApplications.$inferSelect;
type Filter = { scope: SQL | undefined; search?: string; status?: ApplicationStatus; landlordId?: string };

export function toApplicationDto(row: ApplicationRow): ApplicationDto {
  return {
    id: row.id,
    ...companyDto(row),
    status: row.status,
    decline_reason: row.declineReason,
    contractor_id: row.contractorId,
    decided_at: row.decidedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Newest first: the landlord answers applications in the order they keep arriving. */
export async function listApplications(db: Db, { scope, search, status = 'pending', landlordId }: Filter, page: { limit: number; offset: number }) {
  const t = contractorApplications;
  const where = and(scope, landlordId ? eq(t.landlordId, landlordId) : undefined, eq(t.status, status), companySearch(t, search));
  return pageWithTotal(
    db,
    { name: 'contractor-applications', where },
    () => db.select().from(t).where(where).$dynamic(),
    [desc(t.createdAt), desc(t.id)],
    page,
    () => db.select({ n: count() }).from(t).where(where),
  );
}

async function findApplication(db: Db, scope: SQL | undefined, id: string): Promise<ApplicationRow> {
  const [row] = await db
    .select()
    .from(contractorApplications)
    .where(and(scope, eq(contractorApplications.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * The contractor is created from the application and the application marked approved in one
 * transaction. The update is conditional on `pending`, so of two approvals racing (or a repeated
 * click) exactly one commits; the other rolls its contractor back and answers 409.
 */
export async function approveApplication(db: Db, scope: SQL | undefined, id: string, decidedBy: string): Promise<ApplicationDto> {
  const app = await findApplication(db, scope, id);
  if (app.status !== 'pending') throw new AppError(409, 'invalid_state');
  const t = contractorApplications;
  return db.transaction(async (tx) => {
    const { name, bin, services, contactName, phone, email, address, comment, landlordId } = app;
    const [created] = await tx
      .insert(contractors)
      .values({ landlordId, name, bin, services, contactName, phone, email, address, comment })
      .returning({ id: contractors.id });
    if (!created) throw new Error('contractor not created');
    const [row] = await tx
      .update(t)
      .set({ status: 'approved', contractorId: created.id, decidedBy, decidedAt: new Date() })
      .where(and(eq(t.id, id), eq(t.status, 'pending')))
      .returning();
    if (!row) throw new AppError(409, 'invalid_state');
    return toApplicationDto(row);
  });
}

export async function declineApplication(db: Db, scope: SQL | undefined, id: string, decidedBy: string, reason: string): Promise<ApplicationDto> {
  const text = reason.trim();
  if (!text) throw invalidField('reason', (ll) => ll.validation.required());
  const app = await findApplication(db, scope, id);
  if (app.status !== 'pending') throw new AppError(409, 'invalid_state');
  const t = contractorApplications;
  const [row] = await db
    .update(t)
    .set({ status: 'declined', declineReason: text, decidedBy, decidedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.status, 'pending')))
    .returning();
  if (!row) throw new AppError(409, 'invalid_state');
  return toApplicationDto(row);
}

/** The landlord of the public form: active ones only, so a deleted landlord's link stops working. */
export async function formLandlord(db: Db, landlordId: string): Promise<{ id: string; name: string }> {
  const [row] = await db
    .select({ id: landlords.id, name: landlords.name })
    .from(landlords)
    .where(and(eq(landlords.id, landlordId), eq(landlords.status, 'active')))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** An application from the public form, pending the landlord's decision; the sender's address is kept. */
export async function submitApplication(db: Db, landlordId: string, input: CompanyInput, ip: string): Promise<string> {
  await formLandlord(db, landlordId);
  checkCompany(input);
  const [row] = await db
    .insert(contractorApplications)
    .values({ ...companyColumns(input), landlordId, ip })
    .returning({ id: contractorApplications.id });
  if (!row) throw new Error('application not stored');
  return row.id;
}
