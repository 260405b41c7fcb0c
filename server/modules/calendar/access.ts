import { and, eq, exists, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { calendarEvents, calendarParticipants } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { atLeast, isBoss, type Viewer, viewerOf } from '../../workflow/viewer';

export type CalendarViewer = Viewer & { landlordId: string };
type EventRow = Pick<typeof calendarEvents.$inferSelect, 'creatorUserId' | 'visibility'>;

const takesPart = (userId: string) =>
  exists(
    sql`(select 1 from ${calendarParticipants} where ${calendarParticipants.eventId} = ${calendarEvents.id} and ${calendarParticipants.userId} = ${userId})`,
  );

/**
 * Which events the caller sees, as the WHERE of every query on calendar_events (another landlord's
 * or an invisible event is simply not found):
 * - the landlord: every event of its landlord but the private ones of others;
 * - an employee: visible to employees or all, its own, and those it takes part in;
 * - a renter: visible to renters or all, and those it takes part in.
 * A private event has no participants, so it never reaches anyone but its creator.
 * The superadmin belongs to no landlord: the calendar is not its screen.
 */
export async function calendarViewerOf(db: Db, user: AuthedUser): Promise<CalendarViewer> {
  if (user.role === 'superadmin' || !user.landlordId) throw forbidden();
  const viewer = await viewerOf(db, user, 'calendar', calendarEvents.landlordId);
  return { ...viewer, landlordId: user.landlordId, scope: and(viewer.scope, visibleTo(user)) };
}

export function visibleTo(user: Pick<AuthedUser, 'id' | 'role'>): SQL | undefined {
  const mine = eq(calendarEvents.creatorUserId, user.id);
  if (user.role === 'landlord') return or(ne(calendarEvents.visibility, 'private'), mine);
  if (user.role === 'renter') return or(inArray(calendarEvents.visibility, ['renters', 'all']), takesPart(user.id));
  return or(inArray(calendarEvents.visibility, ['employees', 'all']), mine, takesPart(user.id));
}

/** Creating: the landlord, or an employee with `calendar` at `employee` (tasks' creator level). Renters only answer. */
export const mayCreate = (viewer: Viewer) => viewer.kind === 'staff' && atLeast(viewer, 'employee');

/**
 * Changing (or deleting) an event the caller sees: the landlord any; an employee its own at `employee`,
 * another's at `creator` (change) or `intermediate` (delete), as the levels read in settings.
 */
export function mayEdit(viewer: Viewer, ev: EventRow, action: 'update' | 'delete' = 'update'): boolean {
  if (isBoss(viewer)) return true;
  if (viewer.kind !== 'staff') return false;
  if (ev.creatorUserId === viewer.user.id) return atLeast(viewer, 'employee');
  return ev.visibility !== 'private' && atLeast(viewer, action === 'update' ? 'creator' : 'intermediate');
}
