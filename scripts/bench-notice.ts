/**
 * A notice to every tenant of a large operator while 1,000 of them have a live tab open: how long its
 * POST takes, when each open stream shows it, what the database did for the streams, and then the same
 * with e-mail and Telegram on for everyone (until every delivery is queued, and the journal's
 * throughput while the outbox drains, beside the journal with channels off). On PostgreSQL only (the
 * API in a process of its own, as in production; the streams, the mail server and Telegram here).
 * NOTICE_SCALE (1: 100,000 tenants and 1,000,000 requests), NOTICE_STREAMS (1,000).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createSession } from '#server/auth/sessions';
import { loadConfig } from '#server/config';
import { type Db, openDatabase } from '#server/db/client';
import { rows } from '#server/db/rows';
import { notices, users } from '#server/db/schema';
import { DEMO_PASSWORD } from '#server/seed/demo';
import { startServer } from '#server/server';
import { createPostgresDatabase } from '../tests/support/postgres';
import { openSse, type SseClient } from '../tests/support/sse';
import { fakeTelegram } from '../tests/support/telegram';
import { child, stop } from './load/child';
import { seedOperator } from './load/seed';

const scale = Number(process.env.NOTICE_SCALE ?? 1);
const streamCount = Number(process.env.NOTICE_STREAMS ?? 1000);
const tenants = Math.round(100_000 * scale);

const ms = (from: number) => performance.now() - from;
const q = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
const s = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`;

/** Transactions the database has committed so far (every statement outside a transaction is one). */
const commits = async (db: Db) =>
  Number((await rows<{ n: string }>(db, sql`select xact_commit::text as n from pg_stat_database where datname = current_database()`))[0]?.n);

export async function benchNotice(adminUrl: string) {
  const pg = await createPostgresDatabase(adminUrl, 'crm_notice');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-notice-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir }, []), host: '127.0.0.1', port: 0, databaseUrl: pg.url, demo: true, logLevel: 'silent' };
  const { app, database } = await startServer(config, { logger: false });
  let db = database.db;
  const procs: Array<Awaited<ReturnType<typeof child>>> = [];
  try {
    const [landlord] = await db.select().from(users).where(eq(users.username, 'landlord'));
    if (!landlord?.landlordId) throw new Error('demo landlord missing');
    let t = performance.now();
    await seedOperator(db, landlord.landlordId, { objects: 10, rooms: Math.round(10_000 * scale), renters: tenants, requests: Math.round(1_000_000 * scale) });
    await db.execute(sql`vacuum analyze`);
    console.log(`\nnotice — seeded ${tenants.toLocaleString('en')} tenants and ${Math.round(1_000_000 * scale).toLocaleString('en')} requests in ${s(ms(t))}`);
    const step = Math.max(1, Math.floor(tenants / streamCount));
    const watchers = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.username} like 'load_renter%' and substring(${users.username} from 12)::int % ${step} = 0`)
      .limit(streamCount);
    const tokens = await Promise.all(watchers.map(async (u) => (await createSession(db, u.id, true)).token));
    await app.close();
    // The bench's own connection from here on: no app, so no job of this process touches the outbox.
    const own = await openDatabase({ url: pg.url, dataDir: null, poolSize: 2 });
    db = own.db;

    const received: number[] = [];
    const mail = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        stream.on('end', () => {
          received.push(performance.now());
          callback();
        });
        stream.resume();
      },
    });
    await new Promise<void>((resolve) => mail.listen(0, '127.0.0.1', resolve));
    const telegram = await fakeTelegram();
    const port = 3800 + Math.floor(Math.random() * 100);
    const root = `http://127.0.0.1:${port}`;
    const env = (channels: boolean): Record<string, string> => ({
      DATABASE_URL: pg.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(channels
        ? {
            SMTP_URL: `smtp://127.0.0.1:${(mail.server.address() as AddressInfo).port}`,
            TELEGRAM_BOT_TOKEN: telegram.token,
            TELEGRAM_API_ROOT: telegram.apiRoot,
          }
        : {}),
    });
    const login = async () => {
      const res = await fetch(`${root}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'landlord', password: DEMO_PASSWORD }),
      });
      return ((await res.json()) as { token: string }).token;
    };
    const journal = async (token: string, seconds: number) =>
      (await autocannon({ url: `${root}/api/requests?limit=50`, connections: 20, duration: seconds, headers: { authorization: `Bearer ${token}` } })).requests
        .average;

    const run = async (label: string, channels: boolean) => {
      if (channels) {
        // Every tenant reachable by e-mail and Telegram, and e-mail chosen for notices (Telegram is on by default once linked).
        await db.execute(sql`update users set email = username || '@example.kz' where username like 'load_renter%'`);
        await db.execute(
          sql`insert into telegram_links (user_id, chat_id) select id, 1000000 + row_number() over (order by username) from users where username like 'load_renter%'`,
        );
        await db.execute(
          sql`insert into notification_channels (user_id, kind, channel, enabled) select id, 'notice.renters', 'email', true from users where username like 'load_renter%'`,
        );
        await db.execute(sql`analyze users, telegram_links, notification_channels`);
      }
      const api = await child(['server/main.ts'], env(channels));
      procs.push(api);
      const landlordToken = await login();
      const streams: SseClient[] = [];
      for (let i = 0; i < tokens.length; i += 50) {
        streams.push(
          ...(await Promise.all(
            tokens.slice(i, i + 50).map(async (token) => {
              const res = await fetch(`${root}/api/notifications/stream-ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
              const { ticket } = (await res.json()) as { ticket: string };
              const stream = await openSse(`${root}/api/notifications/stream?ticket=${ticket}`);
              await stream.next((e) => e.event === 'counts', 30_000);
              return stream;
            }),
          )),
        );
      }
      const quiet = await journal(landlordToken, 5);
      const before = await commits(db);
      const form = new FormData();
      for (const [k, v] of Object.entries({ target: 'all', title: `Уведомление ${label}`, message: 'Плановые работы в субботу' })) form.append(k, v);
      t = performance.now();
      const res = await fetch(`${root}/api/notices`, { method: 'POST', body: form, headers: { authorization: `Bearer ${landlordToken}` } });
      const posted = ms(t);
      const body = await res.text();
      if (res.status !== 201) throw new Error(`POST /notices answered ${res.status} ${body}`);
      const { id } = JSON.parse(body) as { id: string };
      const seen = (
        await Promise.all(streams.map((stream) => stream.next((e) => e.event === 'notification' && e.data.subject.id === id, 120_000).then(() => ms(t))))
      ).sort((a, b) => a - b);
      await new Promise((r) => setTimeout(r, 1500)); // the statistics are flushed about once a second
      const spent = (await commits(db)) - before;
      console.log(
        `${label.padEnd(13)} POST /notices ${s(posted)}; ${streams.length} streams show it at p50 ${s(q(seen, 0.5))}, p99 ${s(q(seen, 0.99))}, last ${s(q(seen, 1))}; ` +
          `${spent.toLocaleString('en')} database transactions meanwhile (${(spent / streams.length).toFixed(2)} per stream)`,
      );
      // The inbox rows of everyone else, and with channels on their e-mails and Telegram messages, are queued in the second step's transaction.
      for (;;) {
        const [row] = await db.select({ at: notices.deliveredAt }).from(notices).where(eq(notices.id, id));
        if (row?.at || ms(t) > 600_000) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const [queued] = await rows<{ email: number; telegram: number }>(
        db,
        sql`select count(*) filter (where channel = 'email')::int as email, count(*) filter (where channel = 'telegram')::int as telegram from deliveries`,
      );
      console.log(
        `${''.padEnd(13)} every inbox row written${channels ? `, its e-mails and Telegram messages queued (${queued?.email} and ${queued?.telegram} still waiting)` : ''} ${s(ms(t))} after the POST`,
      );
      const mailsBefore = received.length;
      const telegramBefore = telegram.callsTo('sendMessage').length;
      const draining = await journal(landlordToken, 10);
      console.log(
        `${''.padEnd(13)} journal GET /requests: ${quiet.toFixed(0)} req/s before the notice, ${draining.toFixed(0)} req/s in the 10 s after` +
          (channels
            ? ` (while ${received.length - mailsBefore} e-mails and ${telegram.callsTo('sendMessage').length - telegramBefore} Telegram messages went out)`
            : ''),
      );
      for (const stream of streams) stream.close();
      await stop(api);
    };

    // The bare work: the inbox rows of one notice to every tenant in one INSERT ... SELECT, rolled back.
    t = performance.now();
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into notifications (landlord_id, user_id, kind, params, subject_type, subject_id)
          select r.landlord_id, r.user_id, 'notice.renters', '{}'::jsonb, 'notice', gen_random_uuid() from renters r where r.status = 'active'`);
        throw new Error('rollback');
      })
      .catch(() => {});
    console.log(`raw           one INSERT ... SELECT of every tenant's inbox row: ${s(ms(t))}`);
    await run('channels off', false);
    await run('channels on', true);
    mail.close();
    await telegram.close();
    await own.close();
  } finally {
    for (const proc of procs) await stop(proc);
    await pg.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
