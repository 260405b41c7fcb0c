import { sql } from 'drizzle-orm';
import { mb, measure, s } from './bench-exports';
import { benchServer, demoPlace } from './bench-server';

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
  const { L, object } = await demoPlace(db);
  // Units, logins, tenants and their signed leases, set-based: what a landlord has after its move-in.
  await db.execute(sql`insert into rooms (landlord_id, object_id, number, floor, area)
    select ${L}::uuid, ${object.id}::uuid, 'BL' || g, 1, 20 + g % 30 from generate_series(1, ${LEASES}::int) g`);
  await db.execute(sql`insert into users (landlord_id, username, full_name, email, role)
    select ${L}::uuid, 'billing' || g, 'Контакт ' || g, 'billing' || g || '@example.kz', 'renter' from generate_series(1, ${LEASES}::int) g`);
  await db.execute(sql`insert into renters (landlord_id, user_id, room_id, legal_name, bin_iin, trade_point_name, trade_category, lease_contract_date,
      trade_area, contact_full_name, contact_position, phone, email, legal_address)
    select ${L}::uuid, u.id, r.id, 'ТОО «Счёт ' || g || '»', lpad(g::text, 12, '0'), 'Точка ' || g, 'Одежда', '2025-03-01', r.area,
      'Контакт ' || g, 'Директор', '+7701' || lpad(g::text, 7, '0'), 'billing' || g || '@example.kz', 'Алматы'
    from generate_series(1, ${LEASES}::int) g
    join users u on u.username = 'billing' || g
    join rooms r on r.object_id = ${object.id}::uuid and r.number = 'BL' || g`);
  // Half start in the middle of the month (prorated), every one indexed 5 % a year from March 2025.
  await db.execute(sql`insert into contracts (landlord_id, number, renter_id, object_id, signed_on, starts_on, ends_on, area, rate, monthly_total,
      indexation_percent, payment_day, status)
    select ${L}::uuid, 'BL-' || g, rn.id, ${object.id}::uuid, '2025-02-20',
      case when g % 2 = 0 then date '2026-11-16' else date '2025-03-01' end, '2027-02-28', r.area, 5000, r.area * 5000, 5, 10, 'active'
    from generate_series(1, ${LEASES}::int) g
    join rooms r on r.object_id = ${object.id}::uuid and r.number = 'BL' || g
    join renters rn on rn.room_id = r.id`);
  await db.execute(sql`insert into contract_rooms (contract_id, room_id, landlord_id, starts_on, ends_on, area, held)
    select c.id, rn.room_id, c.landlord_id, c.starts_on, c.ends_on, c.area, true from contracts c join renters rn on rn.id = c.renter_id
    where c.number like 'BL-%'`);
  await db.execute(sql`insert into billing_settings (landlord_id, vat_payer, vat_rate) values (${L}::uuid, true, '12')`);
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
  await server.close();
}

class RolledBack extends Error {}
