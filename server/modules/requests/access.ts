import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { RequestActor, RequestEventType } from '../../../machines/request';
import type { Db } from '../../db/client';
import { employees, renters, requests } from '../../db/schema';
import { AppError, forbidden } from '../../http/errors';
import { employeeLevel } from '../access/authorize';
import { type AccessLevel, atLeastLevel } from '../access/levels';
import type { AuthedUser } from '../auth/sessions';

/**
 * Who is looking at the journal, resolved once per call: staff with a level in `requests` (the
 * landlord and the superadmin count as `main`), or a renter (its own renter row). `scope` is the
 * WHERE every query on `requests` carries, so a request outside it is simply not found (404).
 */
export type Viewer = {
  user: AuthedUser;
  name: string;
  kind: 'staff' | 'renter';
  level: AccessLevel;
  employeeId: string | null;
  renter: typeof renters.$inferSelect | null;
  scope: SQL | undefined;
};

/** Spec §6 levels in the journal (DESIGN §3): executor acts, employee creates, creator edits/assigns/rejects. */
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
};

export async function viewerOf(db: Db, user: AuthedUser): Promise<Viewer> {
  const base = { user, name: user.fullName, employeeId: null, renter: null };
  if (user.role === 'superadmin') return { ...base, kind: 'staff', level: 'main', scope: undefined };
  if (!user.landlordId) throw forbidden();
  const ownLandlord = eq(requests.landlordId, user.landlordId);
  if (user.role === 'landlord') return { ...base, kind: 'staff', level: 'main', scope: ownLandlord };
  if (user.role === 'renter') {
    const [renter] = await db.select().from(renters).where(and(eq(renters.userId, user.id), eq(renters.status, 'active')));
    if (!renter) throw forbidden();
    return { ...base, kind: 'renter', level: 'none', renter, scope: and(ownLandlord, eq(requests.renterId, renter.id)) };
  }
  const level = await employeeLevel(db, user.id, 'requests');
  if (level === 'none') throw forbidden();
  const [employee] = await db.select({ id: employees.id }).from(employees).where(eq(employees.userId, user.id));
  const employeeId = employee?.id ?? null;
  // An executor sees what it may work on: its own requests and those nobody has yet.
  const scope =
    level === 'executor'
      ? and(
          ownLandlord,
          or(
            employeeId ? eq(requests.assigneeEmployeeId, employeeId) : undefined,
            and(isNull(requests.assigneeEmployeeId), isNull(requests.assigneeContractorId)),
          ),
        )
      : ownLandlord;
  return { ...base, kind: 'staff', level, employeeId, scope };
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
