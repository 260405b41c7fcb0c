import { sql } from 'drizzle-orm';
import { almatyToday } from '#/shared/almaty';
import { addDays, monthOf } from '#/shared/days';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/rows';
import { contractRooms, contracts, meterReadings, meterReminders, meterSettings, meters, renters } from '../../db/schema';
import { defineInterval } from '../../jobs/declare';
import { every, type Job } from '../../jobs/every';
import { notifyRows } from '../notifications/notify';
import { meterStaff } from './notices';

export const meterReminderInterval = defineInterval({
  env: 'METER_REMINDER_INTERVAL_MS',
  key: 'meterReminderIntervalMs',
  defaultMs: 3_600_000,
  describe:
    "how often each API process reminds tenants that the landlord's window for meter readings opened or closes tomorrow, and staff that a meter's verification runs out in 30 days (each reminder claimed once under a unique key, safe with several processes); `0` disables it",
});

const system = { userId: null, name: '' };
const uuids = (ids: readonly string[]) => `{${ids.join(',')}}`;

/**
 * Each active tenant with a login and the meters in service of the units it rents on `today` (its signed
 * leases' units and its card's unit), with its landlord's window days (the defaults without settings;
 * a day past the month's end is its last).
 */
const tenantMeters = (today: string, lastDay = monthOf(today).days) => sql`
  select t.renter_id, t.user_id, t.landlord_id, m.id as meter_id, m.serial,
    least(coalesce(s.window_from, 20), ${lastDay}) as window_from, least(coalesce(s.window_to, 25), ${lastDay}) as window_to
  from (
    select r.id as renter_id, r.user_id, r.landlord_id, cr.room_id from ${renters} r
      join ${contracts} c on c.renter_id = r.id
      join ${contractRooms} cr on cr.contract_id = c.id and cr.held and cr.starts_on <= ${today}::date and cr.ends_on >= ${today}::date
    where r.status = 'active' and r.user_id is not null
    union
    select r.id, r.user_id, r.landlord_id, r.room_id from ${renters} r where r.status = 'active' and r.user_id is not null and r.room_id is not null
  ) t
  join ${meters} m on m.room_id = t.room_id and m.removed_on is null and m.installed_on <= ${today}::date
  left join ${meterSettings} s on s.landlord_id = t.landlord_id`;

/**
 * Claims the reminders of `kind` for the tenants `due` selects (`renter_id, user_id, landlord_id,
 * meter_id, params`, one row per tenant), each once a month: the INSERT under meter_reminders' key is the
 * claim, so of several processes one sends it. Then tells each its first meter's notice.
 */
async function remindTenants(tx: Tx, kind: string, period: string, due: ReturnType<typeof sql>): Promise<number> {
  const found = await rows<{ renter_id: string; user_id: string; landlord_id: string; meter_id: string; params: Record<string, string> }>(tx, due);
  if (found.length === 0) return 0;
  const claimed = await rows<{ subject_id: string }>(
    tx,
    sql`insert into ${meterReminders} (subject_id, period, kind)
      select id, ${period}::date, ${kind} from unnest(${uuids(found.map((f) => f.renter_id))}::uuid[]) as id
      on conflict do nothing returning subject_id`,
  );
  const sent = new Set(claimed.map((c) => c.subject_id));
  const told = found.filter((f) => sent.has(f.renter_id));
  if (told.length === 0) return 0;
  const lists = (pick: (f: (typeof told)[number]) => string) =>
    `{${told.map((f) => `"${pick(f).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
  await notifyRows(
    tx,
    kind,
    'meter',
    sql`select x.landlord_id, x.user_id, x.meter_id, x.params::jsonb
      from unnest(${lists((f) => f.landlord_id)}::uuid[], ${lists((f) => f.user_id)}::uuid[], ${lists((f) => f.meter_id)}::uuid[], ${lists((f) => JSON.stringify(f.params))}::text[])
      as x (landlord_id, user_id, meter_id, params)`,
    system,
  );
  return told.length;
}

/**
 * The meter reminders due on `today` (Almaty's day), each once: tenants with meters in service when
 * their landlord's window opens (from its first day while it lasts); tenants with a meter still missing
 * its reading (none, or returned) the day before the window's last day (on the last day too, when the job
 * missed the day before); staff who work meters 30 days before a meter's verification runs out. One
 * transaction; a second run the same day sends nothing.
 */
export async function runMeterReminders(db: Db, today = almatyToday()): Promise<{ opened: number; closing: number; verification: number }> {
  const period = `${today.slice(0, 7)}-01`;
  const day = Number(today.slice(8, 10));
  return db.transaction(async (tx) => {
    const opened = await remindTenants(
      tx,
      'meter.window_open',
      period,
      sql`select renter_id, user_id, landlord_id, (array_agg(meter_id order by serial, meter_id))[1] as meter_id,
          jsonb_build_object('period', ${period}::text, 'from', (${period}::date + (min(window_from) - 1))::text, 'to', (${period}::date + (min(window_to) - 1))::text) as params
        from (${tenantMeters(today)}) tm
        where ${day} between window_from and window_to
        group by renter_id, user_id, landlord_id`,
    );
    const closing = await remindTenants(
      tx,
      'meter.window_closing',
      period,
      sql`select renter_id, user_id, landlord_id, (array_agg(meter_id order by serial, meter_id))[1] as meter_id,
          jsonb_build_object('period', ${period}::text, 'to', (${period}::date + (min(window_to) - 1))::text) as params
        from (${tenantMeters(today)}) tm
        where ${day} between greatest(window_from, window_to - 1) and window_to
          and not exists (select 1 from ${meterReadings} r where r.meter_id = tm.meter_id and r.period = ${period}::date and r.status <> 'returned')
        group by renter_id, user_id, landlord_id`,
    );
    // A meter's verification: claimed per meter and day it runs out (a new date after a check is a new reminder).
    const due = await rows<{ subject_id: string }>(
      tx,
      sql`insert into ${meterReminders} (subject_id, period, kind)
        select m.id, m.verified_until, 'verification' from ${meters} m
        where m.removed_on is null and m.verified_until is not null and m.verified_until <= ${addDays(today, 30)}::date
        on conflict do nothing returning subject_id`,
    );
    let verification = 0;
    if (due.length > 0) {
      verification = await notifyRows(
        tx,
        'meter.verification',
        'meter',
        sql`select m.landlord_id, staff.user_id, m.id, jsonb_build_object('serial', m.serial, 'verified_until', m.verified_until::text)
          from ${meters} m cross join lateral (${meterStaff(sql`m.landlord_id`)}) as staff (user_id)
          where m.id = any(${uuids(due.map((d) => d.subject_id))}::uuid[])`,
        system,
      );
    }
    return { opened, closing, verification };
  });
}

/** Runs the reminders every `intervalMs` (METER_REMINDER_INTERVAL_MS; 0 disables it). */
export const startMeterReminderJob = (db: Db, intervalMs: number, onError: (err: unknown) => void): Job =>
  every(intervalMs, () => runMeterReminders(db), onError);
