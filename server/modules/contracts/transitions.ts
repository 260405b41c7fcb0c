import { and, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { components } from '../../../src/api/schema';
import { almatyToday } from '../../../src/shared/almaty';
import type { Db, Tx } from '../../db/client';
import { contractRooms, rooms } from '../../db/schema';
import { AppError, invalidField, notFound } from '../../http/errors';
import { removeStored, type Storage } from '../../storage/storage';
import { addComment } from '../../workflow/comments';
import { applyTransition } from '../../workflow/transition';
import { type ContractViewer, sidesOn } from './access';
import { leaseUpToDate } from './job';
import { findContract } from './queries';
import { deleteRenewalDraft } from './renewal';
import { pgCode } from './service';
import { contractWorkflow } from './workflow';

type Transition = components['schemas']['ContractTransition'];

/** The lease the viewer may see, brought up to date by the lease job's rules first (job.ts), or 404. */
export async function contractIn(db: Db, viewer: ContractViewer, id: string) {
  if (/^[0-9a-f-]{36}$/i.test(id)) await leaseUpToDate(db, id, viewer.scope);
  const row = await findContract(db, viewer.scope, id);
  if (!row) throw notFound();
  return row;
}

const other = alias(contractRooms, 'other');

/** The first room of this lease that a signed lease of another holds for an overlapping period. */
async function roomTaken(db: Db, contractId: string): Promise<string | null> {
  const [hit] = await db
    .select({ number: rooms.number })
    .from(contractRooms)
    .innerJoin(
      other,
      and(
        eq(other.roomId, contractRooms.roomId),
        eq(other.held, true),
        ne(other.contractId, contractRooms.contractId),
        sql`daterange(${other.startsOn}, ${other.endsOn}, '[]') && daterange(${contractRooms.startsOn}, ${contractRooms.endsOn}, '[]')`,
      ),
    )
    .innerJoin(rooms, eq(rooms.id, contractRooms.roomId))
    .where(eq(contractRooms.contractId, contractId))
    .orderBy(rooms.number)
    .limit(1);
  return hit?.number ?? null;
}

const taken = (room: string) => new AppError(409, 'room_taken', { room_ids: (ll) => ll.errors.room_taken({ room }) }, { room });

/**
 * One transition of machines/contract.ts through the kit (403 for the lease job's events, 409 wrong
 * state). Signing is refused, naming the room, when a signed lease holds one of its rooms for an
 * overlapping period: checked first for a clear answer, and held by the database's exclusion constraint
 * when two leases are signed at the same moment (the loser's 23P01 is the same answer).
 */
export async function transitionContract(db: Db, storage: Storage, viewer: ContractViewer, id: string, input: Transition): Promise<void> {
  const row = await contractIn(db, viewer, id);
  const c = row.contract;
  if (input.renewal && input.event !== 'contract.terminate') throw invalidField('renewal', (ll) => ll.errors.validation_failed());
  // Deleting the renewal draft is part of the termination's transaction; its stored files go after the commit.
  const dropped: string[] = [];
  const within =
    input.renewal === 'delete' ? async (tx: Db | Tx, now: Date) => void dropped.push(...(await deleteRenewalDraft(tx, viewer, c.id, now))) : undefined;
  if (input.event === 'contract.activate' && c.status === 'draft' && sidesOn(viewer).includes('staff')) {
    const room = await roomTaken(db, c.id);
    if (room) throw taken(room);
  }
  try {
    await applyTransition(
      db,
      contractWorkflow,
      viewer,
      c,
      input,
      (next) => {
        if (input.event === 'contract.activate') return { signedOn: c.signedOn ?? almatyToday() };
        if (next.status === 'terminated') {
          const on = input.terminated_on;
          if (!on) throw invalidField('terminated_on', (ll) => ll.validation.required());
          if (on < c.startsOn || on > c.endsOn) throw invalidField('terminated_on', (ll) => ll.contracts.errors.terminatedOutside());
          return { terminatedOn: on, terminationReason: input.comment?.trim() ?? null };
        }
        return {};
      },
      within,
    );
  } catch (err) {
    if (pgCode(err) === '23P01') throw taken((await roomTaken(db, c.id)) ?? '');
    throw err;
  }
  await removeStored(storage, dropped);
}

/** A comment in the history: staff who may read leases (a renter reads its leases, it does not write in them). */
export async function commentContract(db: Db, viewer: ContractViewer, id: string, comment: string): Promise<void> {
  const row = await contractIn(db, viewer, id);
  if (viewer.kind !== 'staff') throw new AppError(403, 'forbidden');
  await addComment(db, contractWorkflow, viewer, row.contract, comment);
}
