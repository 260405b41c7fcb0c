import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import { almatyToday } from '#/shared/almaty';
import { rows } from '#server/db/rows';
import { arrearsOf } from '#server/modules/billing/arrears';
import { arrearsRecount } from '../tests/support/arrears';
import { mb, measure, s } from './bench-exports';
import { benchServer, leasedTenants } from './bench-server';

const LEASES = Number(process.env.BENCH_BILLING_LEASES ?? 10_000);
const PERIOD = '2026-11-01';

/**
 * A month's run at a centre's scale: LEASES tenants, each with a signed lease of a unit of its own,
 * billed by POST /billing/runs (rent with proration and indexation, VAT, one numbered invoice per
 * tenant), beside the raw baseline: the same charges by one `INSERT … SELECT` (rolled back).
 */
export async function benchBilling(adminUrl = process.env.BENCH_DATABASE_URL) {
  const server = await benchServer('bench-billing', adminUrl);
  const { base, db } = server;
  console.log(`\nbilling — database: ${server.kind}, leases: ${LEASES.toLocaleString('en')}`);
  // Half start in the middle of the month (prorated), every one indexed 5 % a year from March 2025.
  const { L } = await leasedTenants(db, { prefix: 'BL', count: LEASES, midMonth: '2026-11-16', indexation: 5 });
  await db.execute(sql`insert into billing_settings (landlord_id, vat_payer, vat_rate) values (${L}::uuid, true, '12')`);
  await withMeters(db, L);
  await db.execute(sql`analyze`);

  const token = await server.login('landlord');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const preview = await measure(async () => {
    const res = await fetch(`${base}/billing/preview?period=${PERIOD}`, { headers });
    return (await res.json()) as { totals: { count: number } };
  });
  console.log(`preview: ${s(preview.ms)}, RSS +${mb(preview.rss)} — ${preview.value.totals.count.toLocaleString('en')} lines`);
  const run = await measure(async () => {
    const res = await fetch(`${base}/billing/runs`, { method: 'POST', headers, body: JSON.stringify({ period: PERIOD }) });
    return (await res.json()) as { charges: number; invoices: number };
  });
  console.log(
    `run: ${s(run.ms)}, RSS +${mb(run.rss)} — ${run.value.charges.toLocaleString('en')} charges, ${run.value.invoices.toLocaleString('en')} invoices`,
  );

  // The raw baseline: the same leases' charges by one set-based statement (the next month's, a whole month's rent,
  // no proration, no invoice), rolled back.
  const raw = await measure(async () => {
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into charges (landlord_id, renter_id, contract_id, period, kind, amount, vat)
          select landlord_id, renter_id, id, ${PERIOD}::date + interval '1 month', 'rent', monthly_total, round(monthly_total * 0.12, 2)
          from contracts where landlord_id = ${L}::uuid and number like 'BL-%'`);
        throw new RolledBack();
      })
      .catch((err) => {
        if (!(err instanceof RolledBack)) throw err;
      });
  });
  console.log(`raw INSERT … SELECT of the same charges: ${s(raw.ms)} (run ${(run.ms / raw.ms).toFixed(0)}×)`);
  await atScale(db, base, headers, L);
  await server.close();
}

/**
 * Every leased unit an electricity meter with accepted readings for September and October, and for the
 * run's month but every tenth (billed by the average of its last months, estimated); the tariff changes
 * on the 16th (prorated by days). The run bills a utility line beside each rent.
 */
async function withMeters(db: Awaited<ReturnType<typeof benchServer>>['db'], L: string) {
  await db.execute(sql`insert into tariffs (landlord_id, type, starts_on, price) values
    (${L}::uuid, 'electricity', '2026-01-01', 25.5), (${L}::uuid, 'electricity', '2026-11-16', 27)`);
  await db.execute(sql`insert into meters (landlord_id, object_id, room_id, type, serial, installed_on)
    select cr.landlord_id, r.object_id, cr.room_id, 'electricity', 'BM-' || c.number, '2026-01-01'
    from contract_rooms cr join contracts c on c.id = cr.contract_id join rooms r on r.id = cr.room_id
    where c.landlord_id = ${L}::uuid and c.number like 'BL-%'`);
  await db.execute(sql`insert into meter_readings (landlord_id, meter_id, period, value, status, source)
    select m.landlord_id, m.id, p.period, p.value, 'accepted', 'staff'
    from meters m cross join lateral (values ('2026-09-01'::date, 800), ('2026-10-01'::date, 1000),
      ('2026-11-01'::date, 1000 + split_part(m.serial, '-', 3)::int % 500)) p(period, value)
    where m.landlord_id = ${L}::uuid and m.serial like 'BM-%' and (p.period < ${PERIOD}::date or split_part(m.serial, '-', 3)::int % 10 <> 0)`);
}

const HISTORY_MONTHS = Number(process.env.BENCH_BILLING_MONTHS ?? 50);
const TIMES = 20;

/** The median and p95 of `TIMES` runs of `run`, in milliseconds. */
async function timed(run: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < TIMES; i++) {
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const p = (q: number) => (samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0).toFixed(1);
  return `median ${p(0.5)} ms, p95 ${p(0.95)} ms`;
}

/**
 * The money screens on years of history: HISTORY_MONTHS months before the run's of every lease billed
 * (rent and a service charge: two charges an invoice), paid on time but for every fifth tenant's last
 * three months, which are overdue. The arrears, a tenant's ledger of a year and the money report through
 * HTTP; the arrears beside their own statement and the same arrears recounted from the open invoices by
 * plain SQL (which the answer must equal), the ledger beside the bare SQL of its rows.
 */
async function atScale(db: Awaited<ReturnType<typeof benchServer>>['db'], base: string, headers: Record<string, string>, L: string) {
  const t0 = performance.now();
  const months = sql`(select (${PERIOD}::date - (m || ' months')::interval)::date as period from generate_series(1, ${HISTORY_MONTHS}::int) m)`;
  await db.execute(sql`insert into invoices (landlord_id, renter_id, period, year, seq, number, issued_on, due_on, status, subtotal, vat, total, paid)
    select c.landlord_id, c.renter_id, p.period, extract(year from p.period)::int, n.seq, extract(year from p.period)::int || '-' || n.seq,
      p.period, p.period + 9, (case when n.late then 'overdue' else 'paid' end)::invoice_status,
      c.monthly_total + c.area * 500, round((c.monthly_total + c.area * 500) * 0.12, 2), round((c.monthly_total + c.area * 500) * 1.12, 2),
      case when n.late then 0 else round((c.monthly_total + c.area * 500) * 1.12, 2) end
    from contracts c cross join ${months} p
    cross join lateral (select 100000 + extract(month from p.period)::int * 100000 + split_part(c.number, '-', 2)::int as seq,
      split_part(c.number, '-', 2)::int % 5 = 0 and p.period >= ${PERIOD}::date - interval '3 months' as late) n
    where c.landlord_id = ${L}::uuid and c.number like 'BL-%'`);
  await db.execute(sql`insert into charges (landlord_id, renter_id, contract_id, period, kind, amount, vat, invoice_id)
    select i.landlord_id, i.renter_id, c.id, i.period, k.kind::charge_kind, k.amount, round(k.amount * 0.12, 2), i.id
    from invoices i join contracts c on c.renter_id = i.renter_id and c.number like 'BL-%'
    cross join lateral (values ('rent', c.monthly_total), ('service', c.area * 500)) k(kind, amount)
    where i.landlord_id = ${L}::uuid and i.period < ${PERIOD}::date`);
  await db.execute(sql`insert into payments (landlord_id, renter_id, received_on, amount, unapplied, method, reference, invoice_id)
    select landlord_id, renter_id, due_on - 2, total, 0, 'bank', 'п/п ' || seq, id from invoices
    where landlord_id = ${L}::uuid and status = 'paid' and period < ${PERIOD}::date`);
  await db.execute(sql`vacuum analyze`);
  const [counts] = await rows<{ charges: number; invoices: number; payments: number }>(
    db,
    sql`select (select count(*) from charges)::int as charges, (select count(*) from invoices)::int as invoices, (select count(*) from payments)::int as payments`,
  );
  console.log(
    `history: ${counts?.charges.toLocaleString('en')} charges, ${counts?.invoices.toLocaleString('en')} invoices, ` +
      `${counts?.payments.toLocaleString('en')} payments, seeded in ${s(performance.now() - t0)}`,
  );
  const get = (path: string) => async () => {
    const res = await fetch(`${base}${path}`, { headers });
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    await res.arrayBuffer();
  };
  const bare = (query: ReturnType<typeof sql>) => () => db.execute(query);
  const [tenant] = await rows<{ id: string }>(db, sql`select renter_id as id from contracts where number = 'BL-5'`);
  const yearAgo = `${Number(PERIOD.slice(0, 4)) - 1}${PERIOD.slice(4)}`;
  console.log(`GET /billing/arrears: ${await timed(get('/billing/arrears'))}`);
  console.log(`  its one statement without HTTP: ${await timed(() => arrearsOf(db, L))}`);
  // The raw baseline of the same work: the same rows and totals counted again from the open invoices by plain SQL.
  const asOf = almatyToday();
  console.log(`  raw baseline, the same arrears recounted from the open invoices: ${await timed(() => arrearsRecount(db, L, asOf))}`);
  const answered = await (await fetch(`${base}/billing/arrears`, { headers })).json();
  if (!isDeepStrictEqual(answered, await arrearsRecount(db, L, answered.as_of))) throw new Error('the arrears differ from their recount');
  console.log(`  the answer equals the recount: ${answered.rows.length} rows and the totals`);
  console.log(`GET /billing/ledger (a tenant, a year): ${await timed(get(`/billing/ledger?renter_id=${tenant?.id}&from=${yearAgo}`))}`);
  console.log(
    `  bare SQL, its invoices and payments: ${await timed(
      bare(sql`select issued_on, total from invoices where renter_id = ${tenant?.id}::uuid and issued_on >= ${yearAgo}::date
        union all select received_on, amount from payments where renter_id = ${tenant?.id}::uuid and received_on >= ${yearAgo}::date`),
    )}`,
  );
  console.log(`GET /reports/billing (this month): ${await timed(get('/reports/billing'))}`);
}

class RolledBack extends Error {}
