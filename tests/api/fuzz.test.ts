import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, type Harness } from '../support/api-harness';
import { contractOperations, type Operation, type Variant, variantsOf } from '../support/fuzz-variants';

type Answer = { status: number; type: string; text: string };

/** Raw HTTP (node:http, so a GET may carry a body too), from its own forwarded address. */
function send(h: Harness, op: Operation, v: Variant, token: string | null, ip: string): Promise<Answer> {
  const url = new URL(`${h.baseUrl}/api${v.path}${v.query ? `?${v.query}` : ''}`);
  const headers: Record<string, string | number> = { 'x-forwarded-for': ip, 'accept-language': 'en' };
  if (token) headers.authorization = `Bearer ${token}`;
  const body = v.body === undefined ? undefined : Buffer.from(v.body as string);
  if (body) {
    headers['content-type'] = v.contentType ?? 'application/octet-stream';
    headers['content-length'] = body.length;
  }
  return new Promise((resolve, reject) => {
    const req = request(url, { method: op.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** What is wrong with an answer, or null: never a 5xx, every 4xx in the error shape, no malformed write accepted. */
function problemOf(op: Operation, a: Answer): string | null {
  if (a.status >= 500 && !(a.status === 501 && op.later)) return `answered ${a.status}: ${a.text.slice(0, 160)}`;
  if (a.status >= 400) {
    if (!a.type.includes('application/json')) return `${a.status} not JSON (${a.type}): ${a.text.slice(0, 80)}`;
    const body = JSON.parse(a.text) as { error?: { code?: unknown; message?: unknown; fields?: unknown } };
    const e = body.error;
    if (!e || typeof e.code !== 'string' || !/^[a-z_]+$/.test(e.code) || typeof e.message !== 'string')
      return `${a.status} not in the error shape: ${a.text.slice(0, 120)}`;
    if (e.fields !== undefined && (typeof e.fields !== 'object' || Object.values(e.fields as object).some((m) => typeof m !== 'string')))
      return `${a.status} fields not texts`;
    return null;
  }
  if (op.method !== 'GET') return `malformed ${op.method} accepted with ${a.status}`;
  return null;
}

/** Rows of every table but the rate limits' windows, which count the refused requests by design. */
async function rowCounts(h: Harness): Promise<Record<string, number>> {
  const tables = (await h.db.execute(
    sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limits' order by 1`,
  )) as unknown as { rows: Array<{ t: string }> };
  const counts: Record<string, number> = {};
  for (const { t } of tables.rows) {
    const r = (await h.db.execute(sql.raw(`select count(*)::int as n from "${t}"`))) as unknown as { rows: Array<{ n: number }> };
    counts[t] = Number(r.rows[0]?.n);
  }
  return counts;
}

const filesUnder = async (dir: string) => ((await readdir(dir, { recursive: true }).catch(() => [])) as string[]).sort();

describeEachDatabase('fuzz: malformed variants of every operation of openapi.yaml', (h) => {
  it('no 5xx, every 4xx in the error shape, nothing written, stored or mailed', { timeout: 120_000 }, async () => {
    const landlord = await h.login('landlord');
    const ops = contractOperations();
    const before = { rows: await rowCounts(h), files: await filesUnder(h.config.storageDir), mail: await filesUnder(h.outboxDir) };
    const problems: string[] = [];
    let sent = 0;
    let variants = 0;
    const perOperation: Record<string, number> = {};
    for (const op of ops) {
      const list = variantsOf(op);
      perOperation[op.id] = list.length;
      variants += list.length;
      for (const v of list) {
        for (const [who, token] of [
          ['anonymous', null],
          ['landlord', landlord],
        ] as const) {
          // A fresh address per request: the rate limits must not be what answers.
          const ip = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
          sent += 1;
          const answer = await send(h, op, v, token, ip);
          const problem = problemOf(op, answer);
          if (problem) problems.push(`${op.method} ${op.path} (${op.id}) ${v.what} as ${who}: ${problem}`);
        }
      }
    }
    const after = { rows: await rowCounts(h), files: await filesUnder(h.config.storageDir), mail: await filesUnder(h.outboxDir) };
    console.log(
      `fuzz [${h.kind}]: ${sent} requests, ${variants} variants of ${ops.length} operations (fewest per operation: ${Math.min(...Object.values(perOperation))})`,
    );
    expect(problems).toEqual([]);
    expect(Object.values(perOperation).every((n) => n > 0)).toBe(true);
    expect(after.rows).toEqual(before.rows);
    expect(after.files).toEqual(before.files);
    expect(after.mail).toEqual(before.mail);
    // The landlord's session survived every variant (no malformed logout went through).
    expect((await h.api('/user', { token: landlord })).status).toBe(200);
  });
});
