import { and, eq } from 'drizzle-orm';
import { employeeLevel } from '../../auth/authorize';
import { levelAllows } from '../../auth/levels';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { employees } from '../../db/schema';
import { forbidden } from '../../http/errors';

/**
 * Who asks about notices. The landlord sends and reads them; an employee sends and reads with
 * notification access (`can_notify`), and only reads with a `notifications` level that allows read.
 * Renters, contractors and the superadmin (no landlord) neither: they only receive.
 */
export type NoticeViewer = { user: AuthedUser; landlordId: string | null; name: string; maySend: boolean; mayRead: boolean };

export async function noticeViewerOf(db: Db, user: AuthedUser): Promise<NoticeViewer> {
  const base = { user, landlordId: user.landlordId, name: user.fullName };
  if (user.role === 'landlord' && user.landlordId) return { ...base, maySend: true, mayRead: true };
  if (user.role !== 'employee' || !user.landlordId) return { ...base, maySend: false, mayRead: false };
  const [row] = await db
    .select({ canNotify: employees.canNotify })
    .from(employees)
    .where(and(eq(employees.userId, user.id), eq(employees.status, 'active')));
  if (!row) return { ...base, maySend: false, mayRead: false };
  if (row.canNotify) return { ...base, maySend: true, mayRead: true };
  return { ...base, maySend: false, mayRead: levelAllows(await employeeLevel(db, user.id, 'notifications'), 'read') };
}

/** The landlord a sender writes for; 403 for anyone else. */
export function senderLandlord(viewer: NoticeViewer): string {
  if (!viewer.maySend || !viewer.landlordId) throw forbidden();
  return viewer.landlordId;
}

export function readerLandlord(viewer: NoticeViewer): string {
  if (!viewer.mayRead || !viewer.landlordId) throw forbidden();
  return viewer.landlordId;
}
