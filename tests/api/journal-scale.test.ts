import { beforeAll, expect, it } from 'vitest';
import { seedOperator } from '../../scripts/load/seed';
import { describeEachDatabase } from '../support/api-harness';

/**
 * A journal (and renters) past the count cap: pages, search and badges stay bounded (no count of the whole
 * journal), and say so instead of a wrong total.
 */
describeEachDatabase('requests journal at scale', (h) => {
  const t = { landlord: '', landlord2: '' };
  const REQUESTS = 10_050;

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    const landlordId = (await h.api('/user/landlord', { token: t.landlord })).body.id;
    await seedOperator(h.db, landlordId, { objects: 2, rooms: 20, renters: 10_010, requests: REQUESTS });
  }, 120_000);

  it('counts the journal up to 10,000 and says the total is not exact; pages still follow one order', async () => {
    const first = await h.api('/requests?limit=50', { token: t.landlord });
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ page: 1, limit: 50, total: 10_000, total_exact: false });
    expect(first.body.data).toHaveLength(50);
    const deep = await h.api('/requests?limit=50&page=201', { token: t.landlord });
    expect(deep.body.data).toHaveLength(50);
    const times = [...first.body.data, ...deep.body.data].map((r: { created_at: string }) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const ids = new Set([...first.body.data, ...deep.body.data].map((r: { id: string }) => r.id));
    expect(ids.size).toBe(100);
  });

  it('a filter small enough is counted exactly', async () => {
    const found = await h.api(`/requests?search=${encodeURIComponent('Заявитель 10049')}`, { token: t.landlord });
    expect(found.body.meta).toEqual({ page: 1, limit: 20, total: 1 });
    expect(found.body.data[0].applicant_name).toBe('Заявитель 10049');
  });

  it("finds requests by their renter's name through the renters' index", async () => {
    const found = await h.api(`/requests?limit=100&search=${encodeURIComponent('Компания 17»')}`, { token: t.landlord });
    expect(found.body.meta.total).toBeGreaterThan(0);
    expect(found.body.meta.total_exact).toBeUndefined();
    for (const r of found.body.data) expect(r.legal_name).toBe('ТОО «Компания 17»');
  });

  it('counts renters up to 10,000 too, and a search among them exactly', async () => {
    const all = await h.api('/renters?limit=50', { token: t.landlord });
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ page: 1, limit: 50, total: 10_000, total_exact: false });
    expect(all.body.data).toHaveLength(50);
    const one = await h.api(`/renters?search=${encodeURIComponent('Компания 10009»')}`, { token: t.landlord });
    expect(one.body.meta).toEqual({ page: 1, limit: 20, total: 1 });
    expect(one.body.data[0].legal_name).toBe('ТОО «Компания 10009»');
  });

  it('badges stop counting at 1000; another landlord sees its own exact journal', async () => {
    const counts = await h.api('/user-menu/counts', { token: t.landlord });
    expect(counts.body.requests_new).toBe(1000);
    expect(counts.body.requests_overdue).toBe(1000);
    const other = await h.api('/requests', { token: t.landlord2 });
    expect(other.body.meta.total_exact).toBeUndefined();
    expect(other.body.meta.total).toBeLessThan(100);
  });
});
