import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { components } from '../../../../src/api/schema';
import type { Locales } from '../../../../src/i18n/i18n-types';
import type { Db, Tx } from '../../../db/client';
import {
  type EscalationStep,
  landlordRequestTypes,
  requestSlaHolidays,
  requestSlaSettings,
  requestSlaTargets,
  requestTypeSla,
  requestTypes,
} from '../../../db/schema';
import { AppError, invalidField, notFound } from '../../../http/errors';
import { nameIn } from '../../../http/names';
import type { Clock, WorkWeek } from './clock';
import { kazakhstanHolidays } from './holidays-kz';

type Sla = components['schemas']['RequestSla'];
type SettingsInput = components['schemas']['RequestSlaSettings'];
type TypeInput = components['schemas']['RequestTypeSlaInput'];
type PauseStatus = SettingsInput['pause_statuses'][number];

/** The steps a type escalates by until the landlord sets its own: warn the assignee at 80 %, the main staff at the breach, the landlord an hour later. */
export const defaultEscalation: EscalationStep[] = [
  { clock: 'take', percent: 80, delay_minutes: 0, notify: 'assignee' },
  { clock: 'take', percent: 100, delay_minutes: 0, notify: 'main' },
  { clock: 'take', percent: 100, delay_minutes: 60, notify: 'landlord' },
  { clock: 'resolve', percent: 80, delay_minutes: 0, notify: 'assignee' },
  { clock: 'resolve', percent: 100, delay_minutes: 0, notify: 'main' },
  { clock: 'resolve', percent: 100, delay_minutes: 60, notify: 'landlord' },
];

const defaults: Pick<typeof requestSlaSettings.$inferSelect, 'clock' | 'workDays' | 'workFrom' | 'workTo' | 'pauseStatuses'> = {
  clock: 'working',
  workDays: [1, 2, 3, 4, 5],
  workFrom: 540,
  workTo: 1080,
  pauseStatuses: ['paused'],
};

/** What a landlord's requests are counted by: its default clock, working week with holidays, and the statuses that stop the clock. */
export type LandlordClock = { clock: 'working' | 'calendar'; week: WorkWeek; pauseStatuses: readonly string[] };

export const clockOf = (kind: 'working' | 'calendar', c: LandlordClock): Clock => (kind === 'working' ? { kind, week: c.week } : { kind });

/** The landlord's clock as set, or the defaults with Kazakhstan's holidays while nothing was set. */
export async function landlordClock(db: Db | Tx, landlordId: string): Promise<LandlordClock> {
  const [row] = await db.select().from(requestSlaSettings).where(eq(requestSlaSettings.landlordId, landlordId));
  const s = row ?? defaults;
  const days = row
    ? (await db.select({ day: requestSlaHolidays.day }).from(requestSlaHolidays).where(eq(requestSlaHolidays.landlordId, landlordId))).map((h) => h.day)
    : kazakhstanHolidays.map((h) => h.day);
  return { clock: s.clock, week: { days: s.workDays, from: s.workFrom, to: s.workTo, holidays: new Set(days) }, pauseStatuses: s.pauseStatuses };
}

/**
 * A seeded holiday's id, the same before and after the landlord's list is stored: a hash of landlord and
 * day in a uuid's form. So Settings shows Kazakhstan's list without writing anything, and removing one of
 * its days stores the list first.
 */
const seededId = (landlordId: string, day: string) => {
  const hex = createHash('sha256').update(`${landlordId}|${day}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
const seeded = (landlordId: string) => kazakhstanHolidays.map((h) => ({ id: seededId(landlordId, h.day), landlordId, ...h }));

/**
 * The landlord's settings row with its holidays, stored on its first change with the defaults and
 * Kazakhstan's holidays. The INSERT ... ON CONFLICT decides who creates it, so two first changes seed once.
 */
async function ensureSettings(tx: Db | Tx, landlordId: string): Promise<void> {
  const created = await tx.insert(requestSlaSettings).values({ landlordId }).onConflictDoNothing().returning({ id: requestSlaSettings.landlordId });
  if (created.length > 0) await tx.insert(requestSlaHolidays).values(seeded(landlordId)).onConflictDoNothing();
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));

/** The whole SLA as Settings shows it: the defaults and Kazakhstan's holidays until the landlord changes something. */
export async function readSla(db: Db, landlordId: string, locale: Locales): Promise<Sla> {
  const [[row], stored, types, targets, typeRows] = await Promise.all([
    db.select().from(requestSlaSettings).where(eq(requestSlaSettings.landlordId, landlordId)),
    db.select().from(requestSlaHolidays).where(eq(requestSlaHolidays.landlordId, landlordId)).orderBy(asc(requestSlaHolidays.day)),
    db
      .select({ type: requestTypes, resolveHours: landlordRequestTypes.resolveHours })
      .from(requestTypes)
      .leftJoin(landlordRequestTypes, and(eq(landlordRequestTypes.typeId, requestTypes.id), eq(landlordRequestTypes.landlordId, landlordId)))
      .orderBy(asc(requestTypes.kind), asc(requestTypes.sort), asc(requestTypes.nameRu)),
    db.select().from(requestSlaTargets).where(eq(requestSlaTargets.landlordId, landlordId)),
    db.select().from(requestTypeSla).where(eq(requestTypeSla.landlordId, landlordId)),
  ]);
  const s = row ?? defaults;
  const holidays = row ? stored : seeded(landlordId);
  const order = ['emergency', 'high', 'normal', 'low'];
  return {
    clock: s.clock,
    work_days: s.workDays,
    work_from: hhmm(s.workFrom),
    work_to: hhmm(s.workTo),
    pause_statuses: s.pauseStatuses.filter((x): x is PauseStatus => x !== 'new' && x !== 'closed' && x !== 'rejected'),
    holidays: holidays.map((h) => ({ id: h.id, day: h.day, name: h.name })),
    types: types.map(({ type, resolveHours }) => {
      const own = typeRows.find((r) => r.typeId === type.id);
      return {
        type_id: type.id,
        name: nameIn(type, locale),
        kind: type.kind,
        resolve_hours: resolveHours ?? type.defaultResolveHours,
        clock: own?.clock ?? null,
        targets: targets
          .filter((t) => t.typeId === type.id)
          .sort((a, b) => order.indexOf(a.priority) - order.indexOf(b.priority))
          .map((t) => ({ priority: t.priority, take_minutes: t.takeMinutes, resolve_minutes: t.resolveMinutes })),
        escalation: own?.escalation ?? defaultEscalation,
        escalation_default: !own?.escalation,
      };
    }),
  };
}

export async function saveSlaSettings(db: Db, landlordId: string, input: SettingsInput): Promise<void> {
  const from = minutesOf(input.work_from);
  const to = minutesOf(input.work_to);
  if (to <= from) throw invalidField('work_to', (ll) => ll.sla.errors.hoursOrder());
  await db.transaction(async (tx) => {
    await ensureSettings(tx, landlordId);
    await tx
      .update(requestSlaSettings)
      .set({
        clock: input.clock,
        workDays: [...new Set(input.work_days)].sort(),
        workFrom: from,
        workTo: to,
        pauseStatuses: [...new Set(input.pause_statuses)],
        updatedAt: new Date(),
      })
      .where(eq(requestSlaSettings.landlordId, landlordId));
  });
}

/** A day already in the list is a 409, and nothing is stored. */
export async function addHoliday(db: Db, landlordId: string, input: components['schemas']['SlaHolidayInput']) {
  return db.transaction(async (tx) => {
    await ensureSettings(tx, landlordId);
    const [row] = await tx
      .insert(requestSlaHolidays)
      .values({ landlordId, day: input.day, name: input.name?.trim() ?? '' })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(409, 'duplicate');
    return { id: row.id, day: row.day, name: row.name };
  });
}

/** Another landlord's holiday, or an unknown id, is not found (and nothing is stored). */
export async function deleteHoliday(db: Db, landlordId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (seeded(landlordId).some((h) => h.id === id)) await ensureSettings(tx, landlordId);
    const gone = await tx
      .delete(requestSlaHolidays)
      .where(and(eq(requestSlaHolidays.id, id), eq(requestSlaHolidays.landlordId, landlordId)))
      .returning({ id: requestSlaHolidays.id });
    if (gone.length === 0) throw notFound();
  });
}

/** A type's clock, its targets (the list replaces the old one) and its steps, in one transaction. */
export async function saveTypeSla(db: Db, landlordId: string, typeId: string, input: TypeInput): Promise<void> {
  const [type] = await db.select({ id: requestTypes.id }).from(requestTypes).where(eq(requestTypes.id, typeId));
  if (!type) throw notFound();
  const priorities = input.targets.map((t) => t.priority);
  if (new Set(priorities).size !== priorities.length) throw invalidField('targets', (ll) => ll.sla.errors.priorityTwice());
  if (input.targets.some((t) => t.take_minutes > t.resolve_minutes)) throw invalidField('targets', (ll) => ll.sla.errors.takeAfterResolve());
  const steps = input.escalation && [...new Map(input.escalation.map((s) => [stepKey(s), s])).values()];
  await db.transaction(async (tx) => {
    await tx
      .insert(requestTypeSla)
      .values({ landlordId, typeId, clock: input.clock, escalation: steps })
      .onConflictDoUpdate({ target: [requestTypeSla.landlordId, requestTypeSla.typeId], set: { clock: input.clock, escalation: steps } });
    await tx.delete(requestSlaTargets).where(and(eq(requestSlaTargets.landlordId, landlordId), eq(requestSlaTargets.typeId, typeId)));
    if (input.targets.length > 0) {
      await tx
        .insert(requestSlaTargets)
        .values(input.targets.map((t) => ({ landlordId, typeId, priority: t.priority, takeMinutes: t.take_minutes, resolveMinutes: t.resolve_minutes })));
    }
  });
}

/** A step's identity: the same step edited back and forth is still the one already sent. */
export const stepKey = (s: EscalationStep) => `${s.clock}:${s.percent}:${s.delay_minutes}:${s.notify}`;
