import { and, eq, isNull, or, type SQLWrapper } from 'drizzle-orm';
import type { RequestActor, RequestEventType } from '../../../machines/request';
import { type AccessLevel, atLeastLevel } from '../../auth/levels';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { employees, type renters, requests } from '../../db/schema';
import { AppError, forbidden } from '../../http/errors';
import { type Viewer as KitViewer, viewerOf as kitViewerOf, renterOfUser } from '../../workflow/viewer';

/**
 * Who is looking at the journal: the kit's viewer (workflow/viewer.ts) with a level in `requests`,
 * and the caller's employee row (staff) or renter row (a renter sees only its own requests).
 */
export type Viewer = KitViewer & { employeeId: string | null; renter: typeof renters.$inferSelect | null };

/** Access levels in the journal: executor acts, employee creates, creator edits/assigns/rejects. */
export const minimumLevel = {
  read: 'view',
  act: 'executor',
  create: 'employee',
  update: 'creator',
  settings: 'main',
} as const satisfies Record<string, AccessLevel>;

export function staffMay(viewer: Viewer, what: keyof typeof minimumLevel): boolean {
  return viewer.kind === 'staff' && atLeastLevel(viewer.level, minimumLevel[what]);
}

/** What a staff member needs for each event: the executor's own work, or the creator's decisions. */
export const eventLevel: Record<RequestEventType, keyof typeof minimumLevel> = {
  'request.take': 'act',
  'request.pause': 'act',
  'request.resume': 'act',
  'request.complete': 'act',
  'request.assign': 'update',
  'request.reject': 'update',
  'request.confirm': 'update',
  'request.return': 'update',
  'request.reopen': 'update',
};

/** A renter's own requests; the id is a value, or a placeholder in the menu's statement. */
export const renterScope = (renterId: string | SQLWrapper) => eq(requests.renterId, renterId);

/** An executor sees what it may work on: its own requests and those nobody has yet. */
export const executorScope = (employeeId: string | SQLWrapper | null) =>
  or(employeeId ? eq(requests.assigneeEmployeeId, employeeId) : undefined, and(isNull(requests.assigneeEmployeeId), isNull(requests.assigneeContractorId)));

export async function viewerOf(db: Db, user: AuthedUser): Promise<Viewer> {
  const viewer = { ...(await kitViewerOf(db, user, 'requests', requests.landlordId)), employeeId: null, renter: null };
  if (viewer.kind === 'renter') {
    const renter = await renterOfUser(db, user);
    return { ...viewer, renter, scope: and(viewer.scope, renterScope(renter.id)) };
  }
  if (user.role !== 'employee') return viewer;
  if (viewer.level === 'none') throw forbidden();
  const [employee] = await db.select({ id: employees.id }).from(employees).where(eq(employees.userId, user.id));
  const employeeId = employee?.id ?? null;
  if (viewer.level !== 'executor') return { ...viewer, employeeId };
  return { ...viewer, employeeId, scope: and(viewer.scope, executorScope(employeeId)) };
}

/** Like viewerOf, but a caller without access to the journal sees nothing rather than a 403 (badges). */
export async function viewerOrNull(db: Db, user: AuthedUser): Promise<Viewer | null> {
  return viewerOf(db, user).catch((err: unknown) => {
    if (err instanceof AppError) return null;
    throw err;
  });
}

/** The machine's `by` for this caller on this request, or null when it may send nothing. */
export function actorOn(viewer: Viewer, request: { renterId: string | null }): RequestActor | null {
  if (viewer.kind === 'renter') return viewer.renter && request.renterId === viewer.renter.id ? 'applicant' : null;
  return staffMay(viewer, 'act') ? 'staff' : null;
}

/** Whether a staff caller's level covers this event (an applicant's are checked by the machine). */
export function levelCovers(viewer: Viewer, by: RequestActor, event: RequestEventType): boolean {
  return by === 'applicant' || staffMay(viewer, eventLevel[event]);
}
