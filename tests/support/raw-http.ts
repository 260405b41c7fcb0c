import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Harness } from './api-harness';

/** Raw HTTP with any content type and body (what a hostile client sends); the answer's JSON, or its text. */
export async function raw(h: Harness, urlPath: string, init: { method?: string; token?: string; type?: string; body?: string }) {
  const headers: Record<string, string> = {};
  if (init.type) headers['content-type'] = init.type;
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${h.baseUrl}${urlPath}`, { method: init.method ?? 'POST', headers, body: init.body });
  const text = await res.text();
  const json = res.headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : text;
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: json };
}

/** The one error shape, as a matcher. */
export const errorShape = { error: { code: expect.any(String), message: expect.any(String) } };

/** Rows of a table: a refused write must leave the count as it was. */
export const rowCount = async (h: Harness, table: string) =>
  Number(((await h.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
