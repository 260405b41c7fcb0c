import { sql } from 'drizzle-orm';
import { withCheckDigit } from '#/shared/kz-ids';
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
