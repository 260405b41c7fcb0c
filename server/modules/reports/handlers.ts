import { and, eq } from 'drizzle-orm';
import { employeeLevel } from '../../auth/authorize';
import { levelAllows } from '../../auth/levels';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { contractors, employees, objects, renters, requestTypes, violationTypes } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { forbidden, notFound } from '../../http/errors';
import { localeOf, translatorFor } from '../../http/i18n';
import { sendXlsx } from '../../http/xlsx-stream';
import { periodOf } from './period';
import { landlordReport, platformReport, type ReportName } from './reports';
import { reportXlsx } from './xlsx';

type Ops = 'getReport' | 'exportReport';
type Req = Parameters<typeof callerOf>[0] &
  Parameters<typeof translatorFor>[0] & {
    params: { name: ReportName };
    query: { from?: string; to?: string; object_id?: string; executor_id?: string; type_id?: string; renter_id?: string; contractor_id?: string };
  };

/**
 * Whose data a report counts: the platform report is the superadmin's only; the others count the
 * caller's landlord (reportsLandlordOf).
 */
async function landlordOf(db: Db, user: AuthedUser, name: ReportName): Promise<string | null> {
  if (name === 'platform' || user.role === 'superadmin') {
    if (name !== 'platform' || user.role !== 'superadmin') throw forbidden();
    return null;
  }
  return reportsLandlordOf(db, user);
}

/** The landlord whose reports the caller reads: the landlord, or an employee whose `reports` level allows reading; 403 for anyone else. */
export async function reportsLandlordOf(db: Db, user: AuthedUser): Promise<string> {
  if (!user.landlordId) throw forbidden();
  if (user.role === 'landlord') return user.landlordId;
  if (user.role === 'employee' && levelAllows(await employeeLevel(db, user.id, 'reports'), 'read')) return user.landlordId;
  throw forbidden();
}

/** Money is the billing module's: an employee reads its report only when both levels allow reading. */
async function requireBillingRead(db: Db, user: AuthedUser) {
  if (user.role === 'employee' && !levelAllows(await employeeLevel(db, user.id, 'billing'), 'read')) throw forbidden();
}

/** Reports for the board: one call per report, its export as .xlsx. */
export function reportHandlers({ db }: Deps): HandlersOf<Ops> {
  const reportOf = async (req: Req) => {
    const user = callerOf(req);
    const { name } = req.params;
    const landlordId = await landlordOf(db, user, name);
    if (name === 'billing') await requireBillingRead(db, user);
    const period = periodOf(req.query);
    const ll = translatorFor(req);
    if (landlordId === null || name === 'platform') return platformReport(db, period, ll);
    const objectId = req.query.object_id;
    if (objectId) {
      const [found] = await db
        .select({ id: objects.id })
        .from(objects)
        .where(and(eq(objects.id, objectId), eq(objects.landlordId, landlordId)));
      if (!found) throw notFound();
    }
    const executorId = req.query.executor_id;
    if (executorId) {
      const [found] = await db
        .select({ id: employees.id })
        .from(employees)
        .where(and(eq(employees.id, executorId), eq(employees.landlordId, landlordId)));
      if (!found) throw notFound();
    }
    // The type is the request type (a catalogue shared by every landlord) or the landlord's own violation type.
    const typeId = name === 'requests' || name === 'violations' || name === 'scorecards' ? req.query.type_id : undefined;
    if (typeId) {
      const [found] =
        name !== 'violations'
          ? await db.select({ id: requestTypes.id }).from(requestTypes).where(eq(requestTypes.id, typeId))
          : await db
              .select({ id: violationTypes.id })
              .from(violationTypes)
              .where(and(eq(violationTypes.id, typeId), eq(violationTypes.landlordId, landlordId)));
      if (!found) throw notFound();
    }
    const renterId = ['requests', 'violations', 'occupancy', 'billing', 'scorecards'].includes(name) ? req.query.renter_id : undefined;
    if (renterId) {
      const [found] = await db
        .select({ id: renters.id })
        .from(renters)
        .where(and(eq(renters.id, renterId), eq(renters.landlordId, landlordId)));
      if (!found) throw notFound();
    }
    const contractorId = name === 'scorecards' ? req.query.contractor_id : undefined;
    if (contractorId) {
      const [found] = await db
        .select({ id: contractors.id })
        .from(contractors)
        .where(and(eq(contractors.id, contractorId), eq(contractors.landlordId, landlordId)));
      if (!found) throw notFound();
    }
    return landlordReport(name, { db, landlordId, period, objectId, executorId, typeId, renterId, contractorId, ll, locale: localeOf(req) });
  };
  return {
    getReport: (req) => reportOf(req),
    async exportReport(req, reply) {
      const report = await reportOf(req);
      return sendXlsx(reply, reportXlsx(report, translatorFor(req), localeOf(req)), `report-${report.name}-${report.from}-${report.to}`);
    },
  };
}
