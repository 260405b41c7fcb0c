import { and, type SQL, sql } from 'drizzle-orm';
import { almatyToday } from '#/shared/almaty';
import { monthOf } from '#/shared/days';
import type { ReadingActor } from '#machines/reading';
import { type AccessAction, levelAllows } from '../../auth/levels';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { contractRooms, contracts, meters, renters } from '../../db/schema';
import { scopeTo } from '../../http/caller';
import { forbidden } from '../../http/errors';
import { renterOfUser, type Viewer, viewerOf } from '../../workflow/viewer';

/** Who is looking at meters: the kit's viewer by the `meters` level, and a renter's own card. */
export type MeterViewer = Viewer & { renterId: string | null };

/**
 * The units a tenant rents over a span of days: its signed leases' units (contract_rooms held over
 * those days) and the unit its card names.
 */
const rentedRooms = (renterId: string, from: string | SQL, to: string | SQL) => sql`(
  select ${contractRooms.roomId} from ${contractRooms} join ${contracts} on ${contracts.id} = ${contractRooms.contractId}
  where ${contracts.renterId} = ${renterId} and ${contractRooms.held} and ${contractRooms.startsOn} <= ${to}::date and ${contractRooms.endsOn} >= ${from}::date
  union all
  select ${renters.roomId} from ${renters} where ${renters.id} = ${renterId} and ${renters.roomId} is not null)`;

/**
 * A renter's meters: those of the units it rents today, and, for a month's readings, those it rented in
 * that month; never the common area's (no unit).
 */
export function renterMeters(renterId: string, period?: string): SQL {
  const today = almatyToday();
  const now = sql`${meters.roomId} in ${rentedRooms(renterId, today, today)}`;
  if (!period) return now;
  const month = monthOf(period);
  return sql`(${now} or ${meters.roomId} in ${rentedRooms(renterId, month.first, month.last)})`;
}

/**
 * The caller in the meters module: the landlord and the superadmin; an employee by its `meters` level
 * (read → view, below it 403); a renter with an active card only its own units' meters.
 */
export async function metersViewerOf(db: Db, user: AuthedUser): Promise<MeterViewer> {
  const viewer = await viewerOf(db, user, 'meters', meters.landlordId);
  if (viewer.kind === 'renter') {
    const renter = await renterOfUser(db, user);
    return { ...viewer, renterId: renter.id, scope: and(viewer.scope, renterMeters(renter.id)) };
  }
  if (!levelAllows(viewer.level, 'read')) throw forbidden();
  return { ...viewer, renterId: null };
}

/** The scope of a month's readings: a renter also sees the meters of units it rented in that month. */
export const readingScope = (viewer: MeterViewer, period: string): SQL | undefined =>
  viewer.renterId ? and(scopeTo(viewer.user, meters.landlordId), renterMeters(viewer.renterId, period)) : viewer.scope;

/** Staff who may `action` on meters: adding is `create`, editing, replacing, readings and tariffs `update`, deleting `delete`. */
export function staffMay(viewer: MeterViewer, action: AccessAction): boolean {
  return viewer.kind === 'staff' && levelAllows(viewer.level, action);
}

/** 403 unless the caller is staff who may `action`. */
export function requireMeters(viewer: MeterViewer, action: AccessAction): void {
  if (!staffMay(viewer, action)) throw forbidden();
}

/** The sides this caller plays on a reading of machines/reading.ts. */
export function sidesOn(viewer: MeterViewer): ReadingActor[] {
  if (viewer.kind === 'renter') return ['renter'];
  return staffMay(viewer, 'update') ? ['staff'] : [];
}
