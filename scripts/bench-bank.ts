import { and, asc, count, eq, like, sql } from 'drizzle-orm';
import { invoices as invoices_, landlords, renters } from '#server/db/schema';
import { statementOf } from '../tests/support/bank';
import { mb, measure, s } from './bench-exports';
import { benchServer, leasedTenants } from './bench-server';

const LINES = Number(process.env.BENCH_BANK_LINES ?? 10_000);
const PERIOD = '2026-11-01';

/**
 * A bank statement at a centre's scale: LINES tenants with a signed lease each, billed for a month, then one
 * statement of LINES incoming lines (each tenant pays once, by BIN: most the exact invoice naming its number,
 * some a part without a number, some more than owed; one line in 20 from an unknown payer, for the queue)
 * checked (POST /imports) and committed, beside the raw baseline: the same lines by one set-based INSERT into
 * bank_lines (rolled back).
 */
export async function benchBank(adminUrl = process.env.BENCH_DATABASE_URL) {
  const server = await benchServer('bench-bank', adminUrl);
  const { base, db } = server;
  console.log(`\nbank statement — database: ${server.kind}, lines: ${LINES.toLocaleString('en')} (one tenant and lease per line)`);
  const { L } = await leasedTenants(db, { prefix: 'BK', count: LINES, binPrefix: '77' });
  await db.execute(sql`analyze`);

  const token = await server.login('landlord');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const run = await fetch(`${base}/billing/runs`, { method: 'POST', headers, body: JSON.stringify({ period: PERIOD }) });
  const billed = (await run.json()) as { invoices: number };
  console.log(`billed: ${billed.invoices.toLocaleString('en')} invoices`);

  const [landlord] = await db.select({ bin: landlords.bin }).from(landlords).where(eq(landlords.id, L));
  const invoices = await db
    .select({ bin: renters.binIin, number: invoices_.number, total: invoices_.total })
    .from(invoices_)
    .innerJoin(renters, eq(renters.id, invoices_.renterId))
    .where(and(eq(invoices_.landlordId, L), eq(invoices_.period, PERIOD), like(renters.binIin, '77%')))
    .orderBy(asc(renters.binIin));
  const docs = invoices.slice(0, LINES).map((inv, i) => {
    const unknown = i % 20 === 19;
    const kind = i % 10;
    // Most pay the invoice naming it; one in ten a part, no number; one in ten 1,000 more (credit).
    const amount = kind === 3 ? '1000.00' : kind === 7 ? (Number(inv.total) + 1000).toFixed(2) : inv.total;
    return {
      Номер: String(100_000 + i),
      Дата: '05.11.2026',
      Сумма: amount,
      ПлательщикБИН: unknown ? `88${String(i).padStart(10, '0')}` : inv.bin,
      Плательщик1: `ТОО «Банк ${i}»`,
      ПлательщикИИК: `KZ${String(i).padStart(18, '0')}`,
      ПолучательБИН: landlord?.bin ?? '',
      ПолучательИИК: 'KZ00LANDLORD',
      НазначениеПлатежа: kind === 3 ? 'Аренда за ноябрь' : `Оплата по счёту № ${inv.number ?? ''}`,
      КНП: '859',
    };
  });
  const file = statementOf(docs);
  console.log(`file: ${mb(file.length)} 1CClientBankExchange, Windows-1251`);

  const auth = { authorization: `Bearer ${token}` };
  const upload = async (bytes: Buffer) => {
    const form = new FormData();
    form.append('entity', 'bank_statement');
    form.append('file', new Blob([new Uint8Array(bytes)]), 'statement.txt');
    const res = await fetch(`${base}/imports`, { method: 'POST', body: form, headers: auth });
    return (await res.json()) as { id: string; status: string; counts: Record<string, number> };
  };
  // A running server's worker thread is up: a first small statement starts it (and is discarded), as a day's use would.
  const warm = await upload(statementOf(docs.slice(0, 1)));
  await fetch(`${base}/imports/${warm.id}/discard`, { method: 'POST', headers: auth });
  const check = await measure(() => upload(file));
  console.log(`check:  ${s(check.ms)}, RSS +${mb(check.rss)} — ${check.value.status}, ${JSON.stringify(check.value.counts)}`);
  const commit = await measure(async () => {
    const res = await fetch(`${base}/imports/${check.value.id}/commit`, { method: 'POST', headers: auth });
    return (await res.json()) as { status: string };
  });
  console.log(`commit: ${s(commit.ms)}, RSS +${mb(commit.rss)} — ${commit.value.status}`);
  const [paid] = await db
    .select({ n: count() })
    .from(invoices_)
    .where(and(eq(invoices_.landlordId, L), eq(invoices_.status, 'paid')));
  console.log(`invoices paid: ${paid?.n.toLocaleString('en')}`);

  // The raw baseline: the same lines, bare, by one set-based statement (no matching, no payments), rolled back.
  const raw = await measure(async () => {
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into bank_lines (landlord_id, doc_number, doc_date, amount, payer_bin, payer_name, payer_account, purpose, status)
          select ${L}::uuid, 'raw' || (d->>'Номер'), '2026-11-05', (d->>'Сумма')::numeric, d->>'ПлательщикБИН', d->>'Плательщик1',
            d->>'ПлательщикИИК', d->>'НазначениеПлатежа', 'unmatched'
          from jsonb_array_elements(${JSON.stringify(docs)}::jsonb) d`);
        throw new RolledBack();
      })
      .catch((err) => {
        if (!(err instanceof RolledBack)) throw err;
      });
  });
  console.log(`raw INSERT … SELECT of the same lines: ${s(raw.ms)} (check + commit ${((check.ms + commit.ms) / raw.ms).toFixed(0)}×)`);
  await server.close();
}

class RolledBack extends Error {}
