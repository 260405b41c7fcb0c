import { and, eq, inArray, or } from 'drizzle-orm';
import { accessLevels } from '../../auth/levels';
import type { Db, Tx } from '../../db/client';
import { employeeAccess, employees, users } from '../../db/schema';
import { notifyEach } from '../notifications/notify';

type Lease = { id: string; landlordId: string; number: string; endsOn: string };
const system = { userId: null, name: '' };

/** Those who keep a landlord's leases: its landlord logins and its active employees with `contracts` ≥ view. */
async function keepersOf(tx: Db | Tx, landlordIds: string[]): Promise<Map<string, string[]>> {
  const readers = tx
    .select({ userId: employees.userId })
    .from(employees)
    .innerJoin(employeeAccess, eq(employeeAccess.employeeId, employees.id))
    .where(
      and(
        eq(employees.status, 'active'),
        eq(employeeAccess.module, 'contracts'),
        inArray(employeeAccess.level, accessLevels.slice(accessLevels.indexOf('view'))),
      ),
    );
  const rows = await tx
    .select({ id: users.id, landlordId: users.landlordId })
    .from(users)
    .where(and(inArray(users.landlordId, landlordIds), eq(users.active, true), or(eq(users.role, 'landlord'), inArray(users.id, readers))));
  const byLandlord = new Map<string, string[]>();
  for (const r of rows) if (r.landlordId) byLandlord.set(r.landlordId, [...(byLandlord.get(r.landlordId) ?? []), r.id]);
  return byLandlord;
}

/** The lease job's news (`contract.expiring` as a lease enters expiring, `contract.ends_soon` 30 days before its end), in one INSERT. */
export async function leasesNoticed(tx: Db | Tx, kind: 'contract.expiring' | 'contract.ends_soon', leases: Lease[]): Promise<void> {
  if (leases.length === 0) return;
  const keepers = await keepersOf(tx, [...new Set(leases.map((l) => l.landlordId))]);
  await notifyEach(
    tx,
    leases.map((l) => ({
      recipients: keepers.get(l.landlordId) ?? [],
      notice: { kind, landlordId: l.landlordId, subject: { type: 'contract', id: l.id }, params: { number: l.number, ends_on: l.endsOn }, actor: system },
    })),
  );
}
