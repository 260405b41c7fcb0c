/**
 * The baseline of `npm run bench:load`: fastify + the bare driver answering each route with the
 * statements the API ran for it (captured), nothing else: no contract, no session code, no drizzle.
 * Started as a child process with LOAD_STATEMENTS (a JSON file), LOAD_PORT and DATABASE_URL or
 * LOAD_PGLITE_DIR; DATABASE_POOL_SIZE as for the API (10).
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import type { Statement } from './capture';

const routes = JSON.parse(readFileSync(process.env.LOAD_STATEMENTS as string, 'utf8')) as Record<string, Statement[]>;

async function runner(): Promise<(s: Statement) => Promise<unknown[]>> {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE || 10) });
    return async (s) => (await pool.query({ text: s.text, values: s.values, ...(s.name && { name: s.name }) })).rows;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite(process.env.LOAD_PGLITE_DIR as string, { extensions: { pg_trgm } });
  return async (s) => (await db.query(s.text, s.values)).rows;
}

const run = await runner();
// Every route runs once before the bench: a statement the driver refuses would make a fast 500 look
// like a fast baseline.
for (const statements of Object.values(routes)) for (const s of statements) await run(s);
const app = Fastify();
for (const [route, statements] of Object.entries(routes)) {
  app.get(`/raw/${route}`, async () => {
    const results = [];
    for (const s of statements) results.push(await run(s));
    return results;
  });
}
await app.listen({ port: Number(process.env.LOAD_PORT), host: '127.0.0.1' });
console.log('ready');
