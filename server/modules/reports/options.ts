import { type AnyColumn, asc, inArray, sql } from 'drizzle-orm';
import { employees, objects, renters, requestTypes, violationTypes } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf, scopeTo } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { localeOf } from '../../http/i18n';
import { nameIn } from '../../http/names';
import { RENTER_KIND, VISITOR_KIND } from '../requests/catalogue';
import { reportsLandlordOf } from './handlers';

/** Enough for one landlord's renters; the list says so (openapi.yaml). */
const RENTERS_LIMIT = 500;

const byName = (column: AnyColumn) => asc(sql`${column} collate "und-x-icu"`);

/**
 * The reports' filter lists under the reports' own access, so an employee who may read only reports
 * can still narrow them. Former employees, renters and switched-off violation types stay listed:
 * a past period still counts their records.
 */
export function reportOptionHandlers({ db }: Deps): HandlersOf<'getReportOptions'> {
  return {
    async getReportOptions(req) {
      const user = callerOf(req);
      // Who may read reports (403 otherwise); the lists are then the caller's landlord's, as every query.
      await reportsLandlordOf(db, user);
      const locale = localeOf(req);
      const [objectRows, executorRows, renterRows, requestTypeRows, violationTypeRows] = await Promise.all([
        db.select({ id: objects.id, name: objects.name }).from(objects).where(scopeTo(user, objects.landlordId)).orderBy(byName(objects.name), asc(objects.id)),
        db
          .select({ id: employees.id, name: employees.fullName })
          .from(employees)
          .where(scopeTo(user, employees.landlordId))
          .orderBy(byName(employees.fullName), asc(employees.id)),
        db
          .select({ id: renters.id, trade: renters.tradePointName, legal: renters.legalName })
          .from(renters)
          .where(scopeTo(user, renters.landlordId))
          .orderBy(byName(renters.tradePointName), asc(renters.id))
          .limit(RENTERS_LIMIT),
        // The catalogue is shared by every landlord; a hidden type may still have requests of the period.
        db
          .select()
          .from(requestTypes)
          .where(inArray(requestTypes.kind, [RENTER_KIND, VISITOR_KIND]))
          .orderBy(asc(requestTypes.kind), asc(requestTypes.sort), asc(requestTypes.nameRu), asc(requestTypes.id)),
        db
          .select()
          .from(violationTypes)
          .where(scopeTo(user, violationTypes.landlordId))
          .orderBy(asc(violationTypes.sort), asc(violationTypes.createdAt), asc(violationTypes.id)),
      ]);
      return {
        objects: objectRows,
        executors: executorRows,
        renters: renterRows.map((r) => ({ id: r.id, name: `${r.trade} (${r.legal})` })),
        request_types: requestTypeRows.map((t) => ({ id: t.id, name: nameIn(t, locale), kind: t.kind })),
        violation_types: violationTypeRows.map((t) => ({ id: t.id, name: nameIn(t, locale) })),
      };
    },
  };
}
