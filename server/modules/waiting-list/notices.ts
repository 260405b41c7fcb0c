import { and, eq, inArray } from 'drizzle-orm';
import { accessLevels, levelAllows } from '../../auth/levels';
import type { Tx } from '../../db/client';
import { employeeAccess, employees, users } from '../../db/schema';
import { notify } from '../notifications/notify';

/** The levels that may work questionnaires (their transitions need `update`). */
const handling = accessLevels.filter((level) => levelAllows(level, 'update'));

/**
 * A new questionnaire goes to those who handle the waiting list: the landlord's login and every
 * active employee of its landlord whose `waiting_list` grant allows working questionnaires.
 */
export async function questionnaireArrived(tx: Tx, q: { id: string; landlordId: string; companyName: string }): Promise<void> {
  const [bosses, staff] = await Promise.all([
    tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.landlordId, q.landlordId), eq(users.role, 'landlord'), eq(users.active, true))),
    tx
      .select({ id: employees.userId })
      .from(employees)
      .innerJoin(employeeAccess, and(eq(employeeAccess.employeeId, employees.id), eq(employeeAccess.module, 'waiting_list')))
      .where(and(eq(employees.landlordId, q.landlordId), eq(employees.status, 'active'), inArray(employeeAccess.level, handling))),
  ]);
  await notify(
    tx,
    [...bosses, ...staff].map((u) => u.id),
    {
      kind: 'questionnaire.new',
      landlordId: q.landlordId,
      subject: { type: 'questionnaire', id: q.id },
      params: { company: q.companyName },
      actor: { userId: null, name: q.companyName },
    },
  );
}
