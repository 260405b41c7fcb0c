import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import { almatyToday } from '#/shared/almaty';
import { monthOf } from '#/shared/days';
import { canRollOver, consumption, thousandths } from '#/shared/meters';
import { nextReadingStatus, type ReadingActor, type ReadingEventType, type ReadingStatus, readingActions } from '#machines/reading';
import type { Db, Tx } from '../../db/client';
import { meterReadingEvents, meterReadings, type meters, renters } from '../../db/schema';
import { checkPhoto, requireUpload } from '../../files/checks';
import { AppError, forbidden } from '../../http/errors';
import type { Upload } from '../../http/uploads';
import type { FileLinks } from '../../storage/file-links';
import { removeStored, type Storage } from '../../storage/storage';
import { withStoredFiles } from '../../workflow/files';
import { actorOf } from '../../workflow/history';
import { applyTransition } from '../../workflow/transition';
import type { Workflow } from '../../workflow/workflow';
import { type MeterViewer, readingScope, requireMeters, sidesOn } from './access';
import { readingDecided, readingFlagged } from './notices';
import { acceptedMonths, billedSql, meterIn, type ReadingRow, readingIn, toReadingRow } from './queries';
import { settingsOf, windowOf } from './service';

type ReadingDetail = components['schemas']['ReadingDetail'];
type Meter = typeof meters.$inferSelect;
export const MAX_PHOTO_MIB = 10;
/** The months the spike check averages. */
const SPIKE_MONTHS = 3;

/**
 * The checks that want a person's eye: `lower`, below the previous reading where the dial cannot have
 * rolled over; `spike`, over three times the meter's average of its last accepted months (when it has any).
 */
export async function flagsOf(tx: Db | Tx, meter: Meter, period: string, previous: string, value: string): Promise<string[]> {
  const flags: string[] = [];
  const lower = thousandths(value) < thousandths(previous);
  if (lower && !canRollOver(previous, meter.digits)) flags.push('lower');
  const months = await acceptedMonths(tx, meter, period, SPIKE_MONTHS);
  if (months.length > 0 && !flags.includes('lower')) {
    const total = months.reduce((sum, m) => sum + thousandths(m), 0n);
    const used = thousandths(consumption(previous, value, meter.digits, meter.multiplier));
    // used > 3 × (total / n), in whole numbers.
    if (used * BigInt(months.length) > 3n * total) flags.push('spike');
  }
  return flags;
}

/** The accepted reading a month counts from: the last before it, else the meter's initial reading. */
async function previousOf(tx: Tx, meter: Meter, period: string): Promise<string> {
  const [row] = await tx
    .select({ value: meterReadings.value })
    .from(meterReadings)
    .where(and(eq(meterReadings.meterId, meter.id), eq(meterReadings.status, 'accepted'), sql`${meterReadings.period} < ${period}::date`))
    .orderBy(sql`${meterReadings.period} desc`)
    .limit(1);
  return row?.value ?? meter.initialReading;
}

type Submission = { meter_id: string; value: string; period?: string };

/**
 * A reading written from the form: a renter's for the window's month (a new one is `submitted`, one
 * submitted or returned is resubmitted), staff's for any month, accepted as written (over an accepted
 * one it is a correction, while no invoice carries it). The photo is checked by its bytes and stored
 * with the row; a replaced photo is removed after the commit. Returns the reading's id.
 */
export async function submitReading(db: Db, storage: Storage, viewer: MeterViewer, b: Submission, upload: Upload | undefined): Promise<string> {
  const row = await meterIn(db, viewer.scope, b.meter_id);
  const meter = row.meter;
  const by: ReadingActor = viewer.kind === 'renter' ? 'renter' : 'staff';
  let period: string;
  if (by === 'renter') {
    const settings = await settingsOf(db, meter.landlordId);
    const window = windowOf(settings, almatyToday());
    if (!window.open) throw new AppError(400, 'window_closed', undefined, { from: settings.windowFrom, to: settings.windowTo });
    period = window.period;
    requireUpload(upload, 'photo');
  } else {
    requireMeters(viewer, 'update');
    period = monthOf(b.period ?? almatyToday()).first;
  }
  // A month the meter was in service in: installed by its end, not removed before it.
  const month = monthOf(period);
  if (meter.installedOn > month.last || (meter.removedOn && meter.removedOn < month.first)) throw new AppError(409, 'invalid_state');
  const photo = upload && upload.size > 0 ? await checkPhoto(upload, 'photo', MAX_PHOTO_MIB) : null;
  const actor = actorOf(viewer);
  let replacedPhoto: string | null = null;
  const id = await withStoredFiles(storage, (stored) =>
    db.transaction(async (tx) => {
      const now = new Date();
      const [existing] = await tx
        .select({ reading: meterReadings, billed: billedSql(meter.id, period) })
        .from(meterReadings)
        .where(and(eq(meterReadings.meterId, meter.id), eq(meterReadings.period, period)))
        .for('update');
      const previous = await previousOf(tx, meter, period);
      const flags = await flagsOf(tx, meter, period, previous, b.value);
      const readingId = existing?.reading.id ?? randomUUID();
      const photoColumns: Record<string, unknown> = {};
      if (photo) {
        const key = `meters/${readingId}/${randomUUID()}.${photo.ext}`;
        await storage.putFile(key, photo.upload.path, photo.contentType);
        stored.push(key);
        Object.assign(photoColumns, { photoKey: key, photoContentType: photo.contentType, photoSize: photo.upload.size });
        replacedPhoto = existing?.reading.photoKey ?? null;
      }
      const from = existing?.reading.status ?? null;
      const { event, status } = decideSubmission(by, from, Boolean(existing?.billed));
      const decided = status === 'accepted' ? { decidedBy: actor.userId, decidedAt: now } : { decidedBy: null, decidedAt: null };
      const values = {
        value: b.value,
        status,
        flags,
        returnReason: null,
        ...(by === 'renter' ? { source: 'tenant' as const, submittedBy: actor.userId, submittedAt: now } : { source: 'staff' as const }),
        ...decided,
        ...photoColumns,
        updatedAt: now,
      };
      if (existing) {
        const changed = await tx
          .update(meterReadings)
          .set(values)
          .where(and(eq(meterReadings.id, readingId), eq(meterReadings.status, existing.reading.status)))
          .returning({ id: meterReadings.id });
        if (changed.length === 0) throw new AppError(409, 'invalid_state');
      } else {
        const made = await tx
          .insert(meterReadings)
          .values({ id: readingId, landlordId: meter.landlordId, meterId: meter.id, period, submittedBy: actor.userId, submittedAt: now, ...values })
          .onConflictDoNothing()
          .returning({ id: meterReadings.id });
        // Another submission of the month came first.
        if (made.length === 0) throw new AppError(409, 'invalid_state');
      }
      await tx.insert(meterReadingEvents).values({
        readingId,
        actorUserId: actor.userId,
        actorName: actor.name,
        event,
        fromStatus: from,
        toStatus: status,
        value: b.value,
        createdAt: now,
      });
      const told = { readingId, landlordId: meter.landlordId, serial: meter.serial, period };
      // Staff's entry over a tenant's undecided reading accepts it: the tenant is told so.
      if (by === 'staff' && existing && from !== 'accepted' && existing.reading.source === 'tenant') {
        await readingDecided(tx, existing.reading.submittedBy, told, 'reading.accept', null, actor);
      }
      if (by === 'renter' && flags.length > 0) {
        const [renter] = await tx
          .select({ name: renters.legalName })
          .from(renters)
          .where(eq(renters.id, viewer.renterId as string));
        await readingFlagged(tx, { ...told, renter: renter?.name ?? '' }, actor);
      }
      return readingId;
    }),
  );
  await removeStored(storage, [replacedPhoto]);
  return id;
}

/**
 * What a submission is on machines/reading.ts: a renter's first (`reading.submit`) or again
 * (`reading.resubmit`); staff's first or over an undecided one (`reading.enter`, accepted as written:
 * a resubmission and its acceptance), or a correction of an accepted one. 409 when the machine refuses.
 */
function decideSubmission(by: ReadingActor, from: ReadingStatus | null, billed: boolean): { event: string; status: ReadingStatus } {
  const ctx = { billed };
  if (by === 'renter') {
    if (!from) return { event: 'reading.submit', status: 'submitted' };
    const next = nextReadingStatus(from, ctx, 'reading.resubmit', 'renter');
    if (!next) throw new AppError(409, 'invalid_state');
    return { event: 'reading.resubmit', status: next };
  }
  if (!from) return { event: 'reading.enter', status: 'accepted' };
  if (from === 'accepted') {
    if (!nextReadingStatus(from, ctx, 'reading.correct', 'staff')) throw new AppError(409, 'invalid_state');
    return { event: 'reading.correct', status: 'accepted' };
  }
  const undecided = from === 'submitted' ? from : nextReadingStatus(from, ctx, 'reading.resubmit', 'staff');
  if (!undecided || nextReadingStatus(undecided, ctx, 'reading.accept', 'staff') !== 'accepted') throw new AppError(409, 'invalid_state');
  return { event: 'reading.enter', status: 'accepted' };
}

const contextOf = (row: ReadingRow) => ({ billed: row.billed });

/** Readings on the workflow kit: machines/reading.ts, its history, and staff's decisions told to the tenant. */
const readingWorkflow: Workflow<ReadingRow, ReadingEventType, ReadingActor, MeterViewer> = {
  name: 'reading',
  record: meterReadings,
  keyOf: (row) => ({ id: row.reading.id, status: row.reading.status }),
  history: { table: meterReadingEvents, recordKey: 'readingId' },
  actors: ['staff', 'renter'],
  next(row, event, by) {
    const status = nextReadingStatus(row.reading.status, contextOf(row), event, by);
    return status && { status };
  },
  events: (row, by) => readingActions(row.reading.status, contextOf(row), by),
  sidesOf: (viewer) => sidesOn(viewer),
  needsComment: ['reading.return'],
  async notify(tx, row, change) {
    if (row.reading.source !== 'tenant') return;
    const told = { readingId: row.reading.id, landlordId: row.reading.landlordId, serial: row.meter.serial, period: row.reading.period };
    await readingDecided(tx, row.reading.submittedBy, told, change.event, (change.set.returnReason as string | null) ?? null, change.actor);
  },
};

/** The reading as this viewer may see it, or 404. */
export const readingOf = (db: Db, viewer: MeterViewer, id: string) => readingIn(db, (period) => readingScope(viewer, period), id);

/** Staff accept a reading, or return it with the reason (the tenant sees it); through the kit: 403 wrong side, 409 wrong state. */
export async function transitionReading(db: Db, viewer: MeterViewer, id: string, input: components['schemas']['ReadingTransition']) {
  const row = await readingOf(db, viewer, id);
  if (viewer.kind === 'renter') throw forbidden();
  await applyTransition(db, readingWorkflow, viewer, row, input, (next, now) =>
    next.status === 'returned'
      ? { returnReason: input.comment?.trim() ?? null, decidedBy: viewer.user.id, decidedAt: now }
      : { returnReason: null, decidedBy: viewer.user.id, decidedAt: now },
  );
}

/** The reading with its photo link (for this viewer who sees it), history, and what the caller may do now. */
export async function presentReading(db: Db, links: FileLinks, viewer: MeterViewer, id: string): Promise<ReadingDetail> {
  const row = await readingOf(db, viewer, id);
  const history = await db
    .select()
    .from(meterReadingEvents)
    .where(eq(meterReadingEvents.readingId, id))
    .orderBy(asc(meterReadingEvents.createdAt), asc(meterReadingEvents.id));
  let actions = readingWorkflow.sidesOf(viewer, row).flatMap((by) => readingWorkflow.events(row, by));
  if (viewer.kind === 'renter') {
    // A renter resubmits only in the window, and only its own unit's meter.
    const window = windowOf(await settingsOf(db, row.reading.landlordId), almatyToday());
    if (!window.open || window.period !== row.reading.period) actions = [];
  }
  return {
    ...toReadingRow(row),
    id: row.reading.id,
    return_reason: row.reading.returnReason,
    photo_url: row.reading.photoKey ? links.url(row.reading.photoKey) : null,
    billed: row.billed,
    history: history.map((e) => ({
      event: e.event,
      from_status: e.fromStatus,
      to_status: e.toStatus,
      actor_name: e.actorName,
      comment: e.comment,
      value: e.value,
      created_at: e.createdAt.toISOString(),
    })),
    actions: [...new Set(actions)],
  };
}
