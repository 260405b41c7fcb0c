import { sql } from 'drizzle-orm';
import { type MeterType, thousandths } from '#/shared/meters';
import type { ReadingStatus } from '#machines/reading';
import type { Db, Tx } from '../../../db/client';
import { rows as rowsOf } from '../../../db/rows';
import { meterReadingEvents, meterReadings, meters } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { defineEntity, type Problem } from '../kit';
import type { ReadRow } from '../read';
import { meterKey, metersNamed, type StoredMeter, text, typeColumn } from './meter-keys';

type Stored = { id: string; meterId: string; period: string; value: string; status: ReadingStatus; billed: boolean };
type Ctx = { meters: Map<string, StoredMeter[]>; readings: Map<string, Stored> };
type Plan = { meterId: string; period: string; value: string; from: ReadingStatus | null };

const readingKey = (meterId: string, period: string) => `${meterId}\u0000${period}`;
const dayText = (iso: string) => iso.split('-').reverse().join('.');

/** The readings the file's meters have for the file's months, each with whether an invoice carries it. */
async function readingsOf(db: Db | Tx, meterIds: string[], periods: string[]): Promise<Map<string, Stored>> {
  if (meterIds.length === 0 || periods.length === 0) return new Map();
  const found = await rowsOf<Stored>(
    db,
    sql`select r.id, r.meter_id as "meterId", r.period::text as period, r.value::text as value, r.status,
        exists (select 1 from charges c where c.kind = 'utility' and c.meter_id = r.meter_id and c.period = r.period
          and c.invoice_id is not null and not c.estimated) as billed
      from ${meterReadings} r
      where r.meter_id in (select (jsonb_array_elements_text(${JSON.stringify(meterIds)}::jsonb))::uuid)
        and r.period in (select (jsonb_array_elements_text(${JSON.stringify(periods)}::jsonb))::date)`,
  );
  return new Map(found.map((r) => [readingKey(r.meterId, r.period), r]));
}

/**
 * A meter's readings, month by month: the meter found by type and serial among the landlord's, one
 * reading a month (meter_readings_period_uq). Staff's file is taken as staff's own entry: each reading
 * accepted as written, its source `import`, with its history line. A reading an invoice already carries
 * is the row's error, never overwritten (an estimate billed without a reading is not one: the reading
 * corrects it). Flags as a tenant's reading gets them, computed set-based after the write.
 */
export const meterReadingsEntity = defineEntity<Ctx, Plan>({
  entity: 'meter_readings',
  access: 'meters',
  action: 'update',
  key: ['type', 'serial', 'period'],
  columns: [
    typeColumn,
    { key: 'serial', kind: 'text', required: true, max: 50, label: (ll) => ll.imports.columns.serial(), example: '011234567' },
    {
      key: 'period',
      kind: 'month',
      required: true,
      label: (ll) => ll.imports.columns.period(),
      example: '10.2026',
      note: (ll) => ll.imports.formats.readingKey(),
    },
    { key: 'value', kind: 'quantity', required: true, label: (ll) => ll.imports.columns.reading(), example: '12345.6' },
  ],
  async load(db, landlordId, rows: ReadRow[]) {
    const meters = await metersNamed(db, landlordId, rows);
    const ids = [...meters.values()].flat().map((m) => m.id);
    const periods = [...new Set(rows.map((r) => text(r.values.period)).filter(Boolean))];
    return { meters, readings: await readingsOf(db, ids, periods) };
  },
  resolve(ctx, v) {
    const found = ctx.meters.get(meterKey(v.type, v.serial)) ?? [];
    const serial = text(v.serial);
    const type = text(v.type) as MeterType;
    const meter = found[0];
    if (found.length > 1) return { kind: 'wrong', problems: [{ column: 'serial', code: 'ambiguous' }] };
    if (!meter)
      return {
        kind: 'wrong',
        problems: [{ column: 'serial', message: (ll) => ll.imports.row.meterNotFound({ type: ll.meters.types[type](), serial }) }],
      };
    const period = text(v.period);
    const value = text(v.value);
    const problems: Problem[] = [];
    // The month after the one it was removed in is its successor's.
    const removedOn = meter.removedOn;
    if (removedOn && period > removedOn) problems.push({ column: 'period', message: (ll) => ll.imports.row.meterRemoved({ date: dayText(removedOn) }) });
    if (thousandths(value) >= 10n ** BigInt(meter.digits) * 1000n)
      problems.push({ column: 'value', message: (ll) => ll.imports.row.beyondDial({ digits: meter.digits }) });
    const stored = ctx.readings.get(readingKey(meter.id, period));
    if (stored?.billed) problems.push({ column: 'value', message: (ll) => ll.imports.row.alreadyBilled() });
    if (problems.length > 0) return { kind: 'wrong', problems };
    const plan: Plan = { meterId: meter.id, period, value, from: stored?.status ?? null };
    if (!stored) return { kind: 'new', plan };
    const same = stored.status === 'accepted' && thousandths(stored.value) === thousandths(value);
    return { kind: same ? 'unchanged' : 'changed', plan };
  },
  write() {
    throw new Error('readings are written by writeAll');
  },
  /**
   * One statement: each reading's flags judged over its meter's accepted readings in order (those stored,
   * with the file's in place of the months it writes), then every reading upserted with its flags and its
   * history line. `lower`: below the previous reading (the meter's initial one for its first) where the
   * dial could not have rolled over (canRollOver in src/shared/meters.ts); `spike`: a consumption over
   * three times the mean of the three before it.
   */
  async writeAll(tx, landlordId, planned, source) {
    if (planned.length === 0) return;
    const now = new Date().toISOString();
    const written = await rowsOf<{ n: number }>(
      tx,
      sql`with x as materialized (
          select * from jsonb_to_recordset(${JSON.stringify(planned.map((p) => p.plan))}::jsonb)
            as t("meterId" uuid, period date, value numeric, "from" reading_status)
        ), seq as (
          select x."meterId" as meter_id, x.period, x.value, true as incoming from x
          union all
          select r.meter_id, r.period, r.value, false from ${meterReadings} r
          where r.status = 'accepted' and r.meter_id in (select x."meterId" from x)
            and not exists (select 1 from x where x."meterId" = r.meter_id and x.period = r.period)
        ), judged as (
          select s.meter_id, s.period, s.value, s.incoming, m.digits, m.multiplier,
            coalesce(lag(s.value) over (partition by s.meter_id order by s.period), m.initial_reading) as prev
          from seq s join ${meters} m on m.id = s.meter_id
        ), used as (
          select meter_id, period, incoming,
            value < prev and prev * 10 < 9 * power(10::numeric, digits) as fell,
            round((value - prev + case when value < prev then power(10::numeric, digits) else 0 end) * multiplier, 3) as used
          from judged
        ), flagged as (
          select meter_id, period, incoming,
            case when fell then array['lower']
              when used > 3 * avg(case when not fell then used end)
                over (partition by meter_id order by period rows between 3 preceding and 1 preceding) then array['spike']
              else '{}'::text[] end as flags
          from used
        ), written as (
          insert into ${meterReadings} as r (landlord_id, meter_id, period, value, status, source, flags, submitted_by, submitted_at,
            decided_by, decided_at, updated_at)
          select ${landlordId}::uuid, x."meterId", x.period, x.value, 'accepted', 'import', f.flags, ${source.userId}::uuid, ${now}::timestamptz,
            ${source.userId}::uuid, ${now}::timestamptz, ${now}::timestamptz
          from x join flagged f on f.incoming and f.meter_id = x."meterId" and f.period = x.period
          on conflict (meter_id, period) do update set value = excluded.value, status = 'accepted', source = 'import', flags = excluded.flags,
            return_reason = null, submitted_by = excluded.submitted_by, submitted_at = excluded.submitted_at,
            decided_by = excluded.decided_by, decided_at = excluded.decided_at, updated_at = excluded.updated_at
          where not exists (select 1 from charges c where c.kind = 'utility' and c.meter_id = r.meter_id and c.period = r.period
            and c.invoice_id is not null and not c.estimated)
          returning r.id, r.meter_id, r.period, r.value
        ), told as (
          insert into ${meterReadingEvents} (actor_user_id, actor_name, event, from_status, to_status, comment, created_at, reading_id, value)
          select ${source.userId}::uuid, ${source.name}, 'reading.import', x."from", 'accepted', ${source.fileName}, ${now}::timestamptz, w.id, w.value
          from written w join x on x."meterId" = w.meter_id and x.period = w.period
          returning 1
        )
        select count(*)::int as n from told`,
    );
    // An invoice took one of the months meanwhile (a billing run): the commit is tried again and checked afresh.
    if (written[0]?.n !== planned.length) throw new AppError(409, 'invalid_state');
  },
});
