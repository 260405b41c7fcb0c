import { sql } from 'drizzle-orm';
import { withCheckDigit } from '#/shared/kz-ids';
import { rows as rowsOf } from '#server/db/rows';
import { fillTemplate } from '../tests/support/imports';
import { mb, measure, s } from './bench-exports';
import { benchServer, demoPlace } from './bench-server';

const TENANTS = Number(process.env.BENCH_IMPORT_TENANTS ?? 10_000);

/** BINs with a valid check digit, one per tenant. */
function bins(n: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const bin = withCheckDigit(`2604${String(i).padStart(7, '0')}`);
    if (bin) out.push(bin);
  }
  return out;
}

/**
 * The tenants import at a centre's scale: TENANTS rows checked (POST /imports) and committed, beside a raw
 * baseline that writes the same logins and renters set-based, one `INSERT … SELECT` from the BINs' array (rolled back).
 */
export async function benchImport(adminUrl = process.env.BENCH_DATABASE_URL) {
  const server = await benchServer('bench-import', adminUrl);
  const { base, db } = server;
  console.log(`\nimport — database: ${server.kind}, tenants: ${TENANTS.toLocaleString('en')}`);
  const { L, object } = await demoPlace(db);
  // A unit for each tenant, in the demo's first property.
  await db.execute(sql`insert into rooms (landlord_id, object_id, number, floor, area)
    select ${L}::uuid, ${object.id}::uuid, 'B' || g, 1 + g % 5, 20 + g % 30 from generate_series(1, ${TENANTS}::int) g`);
  await db.execute(sql`analyze`);

  const token = await server.login('landlord');
  const auth = { authorization: `Bearer ${token}` };
  const template = Buffer.from(await (await fetch(`${base}/import-templates/tenants`, { headers: auth })).arrayBuffer());
  const ids = bins(TENANTS);
  const rows = ids.map((bin, i) => [
    bin,
    `ТОО «Арендатор ${i}»`,
    `Точка ${i}`,
    'Одежда',
    object.name,
    `B${i + 1}`,
    '01.03.2026',
    20 + (i % 30),
    `Контакт ${i}`,
    'Директор',
    `+7701${String(i).padStart(7, '0')}`,
    `tenant${i}@example.kz`,
    null,
    null,
    'Алматы, ул. Абая, 1',
  ]);
  const file = await fillTemplate(template, rows);
  console.log(`file: ${mb(file.length)} .xlsx`);

  const check = await measure(async () => {
    const form = new FormData();
    form.append('entity', 'tenants');
    form.append('file', new Blob([new Uint8Array(file)]), 'tenants.xlsx');
    const res = await fetch(`${base}/imports`, { method: 'POST', body: form, headers: auth });
    return (await res.json()) as { id: string; status: string; counts: Record<string, number> };
  });
  console.log(`check:  ${s(check.ms)}, RSS +${mb(check.rss)} — ${check.value.status}, ${JSON.stringify(check.value.counts)}`);
  const commit = await measure(async () => {
    const res = await fetch(`${base}/imports/${check.value.id}/commit`, { method: 'POST', headers: auth });
    return (await res.json()) as { status: string };
  });
  console.log(`commit: ${s(commit.ms)}, RSS +${mb(commit.rss)} — ${commit.value.status}`);

  // The raw baseline: the same logins and renters by one set-based statement, in a transaction rolled back.
  const raw = await measure(async () => {
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`with u as (
            insert into users (landlord_id, username, full_name, email, role)
            select ${L}::uuid, 'raw' || b, 'Контакт ' || i, 'raw' || i || '@example.kz', 'renter'
            from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as t(b, i) returning id, username)
          insert into renters (landlord_id, user_id, room_id, legal_name, bin_iin, trade_point_name, trade_category, lease_contract_date,
            trade_area, contact_full_name, contact_position, phone, email, legal_address)
          select ${L}::uuid, u.id, rm.id, 'ТОО «Арендатор ' || t.i || '»', t.b, 'Точка ' || t.i, 'Одежда', '2026-03-01', 20 + t.i % 30,
            'Контакт ' || t.i, 'Директор', '+7701' || lpad(t.i::text, 7, '0'), 'raw' || t.i || '@example.kz', 'Алматы, ул. Абая, 1'
          from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as t(b, i)
          join u on u.username = 'raw' || t.b
          join rooms rm on rm.object_id = ${object.id}::uuid and rm.number = 'B' || t.i`);
        throw new RolledBack();
      })
      .catch((err) => {
        if (!(err instanceof RolledBack)) throw err;
      });
  });
  console.log(`raw INSERT … SELECT of the same rows: ${s(raw.ms)} (check ${(check.ms / raw.ms).toFixed(0)}×, commit ${(commit.ms / raw.ms).toFixed(0)}×)`);
  await server.close();
}

class RolledBack extends Error {}

const METERS = Number(process.env.BENCH_READINGS_METERS ?? 4_200);
const MONTHS = Number(process.env.BENCH_READINGS_MONTHS ?? 12);

/**
 * A year of a large centre's readings through the import kit: METERS meters (a unit's electricity and
 * water each, seeded set-based) read for MONTHS months, METERS × MONTHS rows (4,200 × 12 ≈ 50,000), one
 * in 500 below the month before (a `lower` flag), checked (POST /imports) and committed; then the same
 * file again (every row unchanged, nothing written). Beside the raw baseline: the same readings by one
 * `INSERT … SELECT` joined to the meters by serial (rolled back), with no history and no flags.
 */
export async function benchImportReadings(adminUrl = process.env.BENCH_DATABASE_URL) {
  const server = await benchServer('bench-import-readings', adminUrl);
  const { base, db } = server;
  const total = METERS * MONTHS;
  console.log(
    `\nmeter readings import — database: ${server.kind}, meters: ${METERS.toLocaleString('en')} × ${MONTHS} months = ${total.toLocaleString('en')} rows`,
  );
  const { L, object } = await demoPlace(db);
  const units = Math.ceil(METERS / 2);
  await db.execute(sql`insert into rooms (landlord_id, object_id, number, floor, area)
    select ${L}::uuid, ${object.id}::uuid, 'M' || g, 1 + g % 5, 20 + g % 30 from generate_series(1, ${units}::int) g`);
  await db.execute(sql`insert into meters (landlord_id, object_id, room_id, type, serial, installed_on, initial_reading)
    select ${L}::uuid, ${object.id}::uuid, r.id, case when g % 2 = 0 then 'electricity' else 'cold_water' end::meter_type, 'SN' || lpad(g::text, 6, '0'),
      '2025-01-15', 0
    from generate_series(1, ${METERS}::int) g join rooms r on r.object_id = ${object.id}::uuid and r.number = 'M' || ((g + 1) / 2)`);
  await db.execute(sql`analyze`);

  const token = await server.login('landlord');
  const auth = { authorization: `Bearer ${token}` };
  const template = Buffer.from(await (await fetch(`${base}/import-templates/meter_readings`, { headers: auth })).arrayBuffer());
  const readings: { type: string; serial: string; period: string; value: number }[] = [];
  for (let g = 1; g <= METERS; g++) {
    const electricity = g % 2 === 0;
    for (let m = 0; m < MONTHS; m++) {
      const month = new Date(Date.UTC(2025, 1 + m, 1)).toISOString().slice(0, 10);
      // A month's use by the meter's size: kWh for electricity, m³ for water; every 500th reading is below the month before.
      const use = electricity ? 300 + (g % 700) : 5 + (g % 40);
      const value = (g * MONTHS + m) % 500 === 0 && m > 0 ? use * m - 1 : use * (m + 1);
      readings.push({ type: electricity ? 'electricity' : 'cold_water', serial: `SN${String(g).padStart(6, '0')}`, period: month, value });
    }
  }
  const labels = { electricity: 'Электроэнергия', cold_water: 'Холодная вода' } as Record<string, string>;
  const file = await fillTemplate(
    template,
    readings.map((r) => [labels[r.type] ?? r.type, r.serial, `${r.period.slice(5, 7)}.${r.period.slice(0, 4)}`, r.value]),
  );
  console.log(`file: ${mb(file.length)} .xlsx`);

  // The raw baseline first, rolled back: the kit's rows then meet an empty table, as a first import does.
  const raw = await measure(async () => {
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into meter_readings (landlord_id, meter_id, period, value, status, source)
          select ${L}::uuid, m.id, (r->>'period')::date, (r->>'value')::numeric, 'accepted', 'import'
          from jsonb_array_elements(${JSON.stringify(readings)}::jsonb) r
          join meters m on m.landlord_id = ${L}::uuid and m.type = (r->>'type')::meter_type and m.serial = r->>'serial'`);
        throw new RolledBack();
      })
      .catch((err) => {
        if (!(err instanceof RolledBack)) throw err;
      });
  });

  const upload = async (bytes: Buffer) => {
    const form = new FormData();
    form.append('entity', 'meter_readings');
    form.append('file', new Blob([new Uint8Array(bytes)]), 'readings.xlsx');
    const res = await fetch(`${base}/imports`, { method: 'POST', body: form, headers: auth });
    return (await res.json()) as { id: string; status: string; counts: Record<string, number> };
  };
  // A running server's worker thread is up: a first small file starts it (and is discarded), as a day's use would.
  const warm = await upload(await fillTemplate(template, [['electricity', 'SN000002', '01.2025', 1]]));
  await fetch(`${base}/imports/${warm.id}/discard`, { method: 'POST', headers: auth });
  const commitOf = (id: string) =>
    measure(async () => {
      const res = await fetch(`${base}/imports/${id}/commit`, { method: 'POST', headers: auth });
      return (await res.json()) as { status: string };
    });
  const check = await measure(() => upload(file));
  console.log(`check:  ${s(check.ms)}, RSS +${mb(check.rss)} — ${check.value.status}, ${JSON.stringify(check.value.counts)}`);
  const commit = await commitOf(check.value.id);
  console.log(`commit: ${s(commit.ms)}, RSS +${mb(commit.rss)} — ${commit.value.status}`);
  const [written] = await rowsOf<Record<string, number>>(
    db,
    sql`select count(*)::int as readings, count(*) filter (where 'lower' = any(flags))::int as lower,
      count(*) filter (where 'spike' = any(flags))::int as spike, (select count(*)::int from meter_reading_events) as events
    from meter_readings where landlord_id = ${L}::uuid`,
  );
  console.log(`written: ${JSON.stringify(written)}`);
  const again = await measure(() => upload(file));
  const twice = await commitOf(again.value.id);
  console.log(`same file again: check ${s(again.ms)}, commit ${s(twice.ms)} — ${JSON.stringify(again.value.counts)}`);
  console.log(
    `raw INSERT … SELECT of the same rows: ${s(raw.ms)}, RSS +${mb(raw.rss)} (check ${(check.ms / raw.ms).toFixed(0)}×, commit ${(commit.ms / raw.ms).toFixed(0)}×)`,
  );
  await server.close();
}

// Run alone: `tsx scripts/bench-import.ts readings`.
if (process.argv[1]?.endsWith('bench-import.ts') && process.argv[2] === 'readings') await benchImportReadings();
