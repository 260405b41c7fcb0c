import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contractors } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { changeRecordStatus } from '../../workflow/record-status';
import { type CompanyInput, checkCompany, companyColumns } from './company';
import { type ContractorRow, findContractor } from './queries';

export async function createContractor(db: Db, landlordId: string, input: CompanyInput): Promise<string> {
  checkCompany(input);
  const [row] = await db
    .insert(contractors)
    .values({ ...companyColumns(input), landlordId })
    .returning({ id: contractors.id });
  if (!row) throw new Error('contractor not created');
  return row.id;
}

/** Only an active contractor is edited; a deleted one is restored first (409 otherwise). */
export async function updateContractor(db: Db, scope: SQL | undefined, id: string, input: CompanyInput): Promise<ContractorRow> {
  checkCompany(input);
  const current = await findContractor(db, scope, id);
  if (!current) throw notFound();
  const [row] = await db
    .update(contractors)
    .set({ ...companyColumns(input), updatedAt: new Date() })
    .where(and(eq(contractors.id, id), eq(contractors.status, 'active')))
    .returning();
  if (!row) throw new AppError(409, 'invalid_state');
  return row;
}

/** Delete or restore as machines/record.ts allows from the stored status. */
export async function changeContractorStatus(db: Db, scope: SQL | undefined, id: string, event: 'record.delete' | 'record.restore'): Promise<ContractorRow> {
  const current = await findContractor(db, scope, id);
  if (!current) throw notFound();
  return changeRecordStatus(db, contractors, id, current.status, event);
}
