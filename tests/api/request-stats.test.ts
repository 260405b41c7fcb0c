import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { objects, requestEvents, requests, requestTypes, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { rollupDrift } from '../support/request-stats';
import { createAsRenter, firstRenterType } from '../support/requests';

// March 2032 in Almaty: this file's own requests, apart from the demo's and from other files' periods.
const MARCH = 'from=2032-03-01&to=2032-03-31';
const HOUR = 3_600_000;

type Figures = Record<string, number | null>;

describeEachDatabase("requests report's rollup", (h) => {
  let token = '';
  let landlordId = '';
  let objectId = '';
  const figures = async (query = MARCH): Promise<Figures> => {
    const res = await h.api(`/reports/requests?${query}&object_id=${objectId}`, { token, lang: 'en' });
    expect(res.status).toBe(200);
    return Object.fromEntries((res.body.figures as { key: string; value: number | null }[]).map((f) => [f.key, f.value]));
  };
  /** The same figures counted from the requests themselves, with exact medians. */
  const counted = async () => {
    const one = async (q: ReturnType<typeof sql>) => ((await h.db.execute(q)) as unknown as { rows: Record<string, number | null>[] }).rows[0]!;
    const lo = sql`('2032-03-01'::timestamp at time zone 'Asia/Almaty')`;
    const hi = sql`('2032-04-01'::timestamp at time zone 'Asia/Almaty')`;
    const mine = sql`object_id = ${objectId}::uuid`;
    const made = await one(sql`select count(*)::int as n, count(*) filter (where from_visitor)::int as visitors,
      (percentile_cont(0.5) within group (order by extract(epoch from taken_at - created_at) / 3600))::float8 as take
      from requests where ${mine} and created_at >= ${lo} and created_at < ${hi}`);
    const shut = await one(sql`select count(*)::int as n, count(*) filter (where closed_at <= deadline_at)::int as on_time,
      (percentile_cont(0.5) within group (order by extract(epoch from closed_at - created_at) / 3600))::float8 as close
      from requests where ${mine} and closed_at >= ${lo} and closed_at < ${hi}`);
    return { made, shut };
  };

  beforeAll(async () => {
    token = await h.login('landlord');
    const [boss] = await h.db.select({ landlordId: users.landlordId }).from(users).where(eq(users.username, 'landlord'));
    landlordId = boss!.landlordId!;
    const [object] = await h.db.insert(objects).values({ landlordId, name: 'ТРЦ «Свод»', city: 'Алматы', address: 'Абая, 1' }).returning();
    objectId = object!.id;
  });

  it('follows a bulk insert, its history, a bulk close, reassignment and deletes: the rollup is the recount, the figures the exact ones', async () => {
    const [type] = await h.db.select({ id: requestTypes.id }).from(requestTypes).limit(1);
    const base = { landlordId, objectId, typeId: type!.id, applicantName: 'Свод', description: 'Проверка свода' };
    // 40 requests over March, one statement; created at 09:00 Almaty + i hours, deadline a day later.
    const start = Date.parse('2032-03-01T04:00Z');
    const made = await h.db
      .insert(requests)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          ...base,
          number: 700_000 + i,
          fromVisitor: i % 4 === 0,
          createdAt: new Date(start + i * 17 * HOUR),
          deadlineAt: new Date(start + i * 17 * HOUR + 24 * HOUR),
        })),
      )
      .returning({ id: requests.id, createdAt: requests.createdAt, number: requests.number });
    expect(await rollupDrift(h)).toEqual([]);
    expect(await figures()).toMatchObject({ created: 40, closed: 0, visitors: 10, median_take: null });

    // Taken after 1 to 13 hours (whole and odd minutes), in one statement of history.
    await h.db.insert(requestEvents).values(
      made.map((r, i) => ({
        requestId: r.id,
        actorName: 'Сотрудник',
        event: 'request.take',
        toStatus: 'in_progress' as const,
        createdAt: new Date(r.createdAt.getTime() + (1 + (i % 13)) * HOUR + (i % 3) * 7 * 60_000),
      })),
    );
    // Every third returned by the applicant once.
    await h.db.insert(requestEvents).values(
      made
        .filter((_, i) => i % 3 === 0)
        .map((r) => ({
          requestId: r.id,
          actorName: 'Арендатор',
          event: 'request.return',
          toStatus: 'returned' as const,
          createdAt: new Date(r.createdAt.getTime() + 30 * HOUR),
        })),
    );
    expect(await rollupDrift(h)).toEqual([]);

    // Close the even ones in one UPDATE: 6 to 45 hours after creation, some past their deadline.
    await h.db.execute(sql`update requests set status = 'closed', closed_at = created_at + ((number % 40) + 6) * interval '1 hour'
      where object_id = ${objectId}::uuid and number % 2 = 0`);
    // Move five to another object and delete three.
    const other = (await h.db.insert(objects).values({ landlordId, name: 'ТРЦ «Другой свод»', city: 'Алматы', address: 'Абая, 2' }).returning())[0]!;
    await h.db.execute(sql`update requests set object_id = ${other.id}::uuid where object_id = ${objectId}::uuid and number between 700030 and 700034`);
    await h.db.execute(
      sql`delete from request_events where request_id in (select id from requests where number between 700035 and 700037 and landlord_id = ${landlordId}::uuid)`,
    );
    await h.db.execute(sql`delete from requests where number between 700035 and 700037 and landlord_id = ${landlordId}::uuid`);
    expect(await rollupDrift(h)).toEqual([]);

    const exact = await counted();
    const got = await figures();
    expect({ created: got.created, closed: got.closed, visitors: got.visitors }).toEqual({
      created: exact.made.n,
      closed: exact.shut.n,
      visitors: exact.made.visitors,
    });
    expect(got.created).toBe(32);
    expect(got.sla).toBe(Math.round((1000 * Number(exact.shut.on_time)) / Number(exact.shut.n)) / 10);
    // Medians from the histogram: within its rounding (0.1 h under 10 h, 1 h under 100 h) of the exact ones.
    expect(Math.abs(Number(got.median_take) - Number(exact.made.take))).toBeLessThanOrEqual(0.1);
    expect(Math.abs(Number(got.median_close) - Number(exact.shut.close))).toBeLessThanOrEqual(1);
  });

  it('keeps each day in Almaty: a request at 23:30 on 31 March is in March, at 00:30 on 1 April in April', async () => {
    const [type] = await h.db.select({ id: requestTypes.id }).from(requestTypes).limit(1);
    const before = (await figures()).created!;
    await h.db.insert(requests).values([
      {
        landlordId,
        objectId,
        typeId: type!.id,
        applicantName: 'Граница',
        description: 'Полночь',
        number: 700_100,
        createdAt: new Date('2032-03-31T18:30Z'),
        deadlineAt: new Date('2032-04-02T00:00Z'),
      },
      {
        landlordId,
        objectId,
        typeId: type!.id,
        applicantName: 'Граница',
        description: 'Полночь',
        number: 700_101,
        createdAt: new Date('2032-03-31T19:30Z'),
        deadlineAt: new Date('2032-04-02T00:00Z'),
      },
    ]);
    expect((await figures()).created).toBe(before + 1);
    expect((await figures('from=2032-04-01&to=2032-04-01')).created).toBe(1);
    expect(await rollupDrift(h)).toEqual([]);
  });

  it('stays in step when many requests are made and taken at once through the API', async () => {
    const renter = await h.login('renter');
    const employee = await h.login('employee');
    const typeId = await firstRenterType(h, renter);
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => createAsRenter(h, renter, typeId, `Одновременно ${i}`)));
    const taken = await Promise.all(made.map((r) => h.api(`/requests/${r.id}/transitions`, { token: employee, body: { event: 'request.take' } })));
    expect(taken.map((r) => r.status)).toEqual(made.map(() => 200));
    expect(await rollupDrift(h)).toEqual([]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Almaty' }).format(new Date());
    const res = await h.api(`/reports/requests?from=${today}&to=${today}`, { token });
    const created = res.body.figures.find((f: { key: string }) => f.key === 'created').value;
    expect(created).toBeGreaterThanOrEqual(12);
  });
});
