import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { employees, noticeRecipients, renters, rooms, users } from '../../db/schema';

export type Audience = {
  id: string;
  landlordId: string;
  audience: 'renters' | 'employees';
  target: 'all' | 'object' | 'floor' | 'renters' | 'chosen';
  objectId: string | null;
  floor: number | null;
};

/** Active renters of the landlord that have an active login, as a query of their user ids. */
const activeRenters = (landlordId: string, narrow?: SQL) =>
  sql`select ${renters.userId} from ${renters}
    inner join ${users} on ${users.id} = ${renters.userId} and ${users.active}
    inner join ${rooms} on ${rooms.id} = ${renters.roomId}
    where ${renters.landlordId} = ${landlordId} and ${renters.status} = 'active' ${narrow ? sql`and ${narrow}` : sql``}`;

type RenterTarget = { landlordId: string; target: Audience['target']; objectId: string | null; floor: number | null };

/**
 * The renters a renter notice reaches, as a query of their user ids; `chosen` says which are chosen
 * for the `renters` target (a sent notice's recipients, or the ids the form has picked so far).
 * Its delivery and the form's count (reach.ts) both read it, so they never disagree.
 */
export function renterAudience(n: RenterTarget, chosen: SQL): SQL {
  switch (n.target) {
    case 'object':
      return activeRenters(n.landlordId, sql`${rooms.objectId} = ${n.objectId}`);
    case 'floor':
      return activeRenters(n.landlordId, sql`${rooms.objectId} = ${n.objectId} and ${rooms.floor} = ${n.floor}`);
    case 'renters':
      return activeRenters(n.landlordId, chosen);
    default:
      return activeRenters(n.landlordId);
  }
}

const recipientsOf = (noticeId: string) =>
  sql`${renters.userId} in (select ${noticeRecipients.userId} from ${noticeRecipients} where ${noticeRecipients.noticeId} = ${noticeId})`;

/**
 * Who a notice reaches, found when it is delivered (a renter who arrived since it was written and is
 * on that floor is told; one who left is not): a query of user ids for notifyAudience.
 */
export function audienceQuery(n: Audience): SQL {
  if (n.audience === 'employees') {
    return sql`select ${employees.userId} from ${employees}
      inner join ${users} on ${users.id} = ${employees.userId} and ${users.active}
      where ${employees.landlordId} = ${n.landlordId} and ${employees.status} = 'active'
        and ${employees.userId} in (select ${noticeRecipients.userId} from ${noticeRecipients} where ${noticeRecipients.noticeId} = ${n.id})`;
  }
  return renterAudience(n, recipientsOf(n.id));
}

/** Of `ids`, those that are active employees (or renters) of the landlord with an active login. */
export async function validRecipients(db: Db | Tx, landlordId: string, audience: 'renters' | 'employees', ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const table = audience === 'employees' ? employees : renters;
  const rows = await db
    .select({ id: table.userId })
    .from(table)
    .innerJoin(users, and(eq(users.id, table.userId), eq(users.active, true)))
    .where(and(eq(table.landlordId, landlordId), eq(table.status, 'active'), inArray(table.userId, ids)));
  return new Set(rows.map((r) => r.id));
}
