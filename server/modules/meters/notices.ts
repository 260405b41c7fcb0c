import { type SQL, sql } from 'drizzle-orm';
import { accessLevels, levelAllows } from '../../auth/levels';
import type { Db, Tx } from '../../db/client';
import { employeeAccess, employees, users } from '../../db/schema';
import type { Actor } from '../../workflow/history';
import { notify, notifyAudience } from '../notifications/notify';

/** The levels that work readings (accept, return, enter): `update` and above. */
const working = accessLevels.filter((level) => levelAllows(level, 'update'));

/** Who of a landlord works meters: its login and its active employees granted `meters` ≥ update (one column of user ids). */
export const meterStaff = (landlordId: SQL | string) => sql`
  select ${users.id} from ${users} where ${users.landlordId} = ${landlordId}::uuid and ${users.role} = 'landlord'
  union
  select ${employees.userId} from ${employees} join ${employeeAccess} on ${employeeAccess.employeeId} = ${employees.id} and ${employeeAccess.module} = 'meters'
  where ${employees.landlordId} = ${landlordId}::uuid and ${employees.status} = 'active'
    and ${employeeAccess.level}::text = any(${`{${working.join(',')}}`}::text[])`;

type Told = { readingId: string; landlordId: string; serial: string; period: string };

/** A tenant's reading that wants a person's eye: staff who work meters are told. */
export async function readingFlagged(tx: Db | Tx, r: Told & { renter: string }, actor: Actor): Promise<void> {
  await notifyAudience(tx, meterStaff(r.landlordId), {
    kind: 'meter_reading.flagged',
    landlordId: r.landlordId,
    subject: { type: 'meter_reading', id: r.readingId },
    params: { serial: r.serial, period: r.period, renter: r.renter },
    actor,
  });
}

/** Staff's decision on a tenant's reading reaches the tenant who sent it: accepted, or returned with the reason. */
export async function readingDecided(tx: Db | Tx, tenantUserId: string | null, r: Told, event: string, reason: string | null, actor: Actor) {
  const kind = event === 'reading.accept' ? 'meter_reading.accepted' : 'meter_reading.returned';
  await notify(tx, [tenantUserId], {
    kind,
    landlordId: r.landlordId,
    subject: { type: 'meter_reading', id: r.readingId },
    params: { serial: r.serial, period: r.period, ...(kind === 'meter_reading.returned' && { reason }) },
    actor,
  });
}
