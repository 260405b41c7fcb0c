import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../workflow/history';
import type { Change } from '../../workflow/workflow';
import { type Notice, notify, notifyEach } from '../notifications/notify';

type Violation = { id: string; landlordId: string; number: number; recordedBy: string };
type Told = { violation: Violation; renterUserId: string | null };

/** Staff's decisions reach the renter; the renter's answers reach who recorded the violation. */
const toRenter = new Set(['violation.issue', 'violation.reject', 'violation.uphold', 'violation.confirm', 'violation.return']);
const toRecorder = new Set(['violation.acknowledge', 'violation.dispute', 'violation.fix']);

const notice = (v: Violation, kind: string, actor: Actor): Notice => ({
  kind,
  landlordId: v.landlordId,
  subject: { type: 'violation', id: v.id },
  params: { number: v.number },
  actor,
});

export async function violationTransitioned(tx: Db | Tx, row: Told, change: Change<string>): Promise<void> {
  const v = row.violation;
  if (toRenter.has(change.event)) await notify(tx, [row.renterUserId], notice(v, change.event, change.actor));
  else if (toRecorder.has(change.event)) await notify(tx, [v.recordedBy], notice(v, change.event, change.actor));
}

/** The deadline job's marks: the renter and who recorded it, all in one INSERT. */
export async function violationsOverdue(tx: Db | Tx, marked: Array<Violation & { renterUserId: string | null }>): Promise<void> {
  const system = { userId: null, name: '' };
  await notifyEach(
    tx,
    marked.map((v) => ({ recipients: [v.renterUserId, v.recordedBy], notice: notice(v, 'violation.overdue', system) })),
  );
}
