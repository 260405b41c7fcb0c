import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { calendarEvents, contractSettings, objects, users } from '#server/db/schema';
import { TEMPLATE_LIMITS } from '#server/modules/contracts/document';
import { describeEachDatabase } from '../support/api-harness';
import { createLease, objectWithRooms, renterIdOf } from '../support/contracts';
import { docxWith } from '../support/docx';
import { heavy } from '../support/heavy';
import { probeWhile, quantiles } from '../support/probe';

const DAY = 86_400_000;

// A landlord's heavy file or feed runs bounded and off the event loop: meanwhile another landlord's calls answer at once.
describeEachDatabase(
  "one landlord's heavy work and the others' calls",
  (h) => {
    const t = { landlord: '', landlord2: '', employee: '' };
    const id = { landlord: '', employee: '', centre: '' };

    beforeAll(async () => {
      for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
      for (const name of ['landlord', 'employee'] as const) {
        const [u] = await h.db.select({ id: users.id }).from(users).where(eq(users.username, name));
        id[name] = u?.id as string;
      }
      const [centre] = await h.db
        .select({ id: objects.id })
        .from(objects)
        .innerJoin(users, eq(users.landlordId, objects.landlordId))
        .where(eq(users.username, 'landlord'));
      id.centre = centre?.id as string;
    });

    /** `work` while landlord2 calls GET /api/user: every call answers within a second. */
    const meanwhile = async <T>(work: () => Promise<T>): Promise<T> => {
      const { result, samples, failed, loopMax } = await probeWhile(h.baseUrl, t.landlord2, work);
      expect(failed).toBe(0);
      expect(samples.length).toBeGreaterThan(0);
      expect(quantiles(samples).max).toBeLessThan(1_000);
      expect(loopMax).toBeLessThan(1_000);
      return result;
    };
    const send = async (path: string, method: string, field: string, data: string | Buffer, name: string) => {
      const form = new FormData();
      form.append(field, new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name);
      const res = await fetch(`${h.baseUrl}/api${path}`, { method, body: form, headers: { authorization: `Bearer ${t.landlord}`, 'accept-language': 'en' } });
      const json = res.headers.get('content-type')?.includes('json');
      return {
        status: res.status,
        body: (json ? await res.json() : { bytes: (await res.arrayBuffer()).byteLength }) as { error?: { code: string; fields?: Record<string, string> } },
      };
    };

    it('refuses an SVG logo nested too deep or with too many elements, and sanitises a large one on a worker thread', async () => {
      for (const svg of [heavy.nestedSvg(), heavy.flatSvg()]) {
        const res = await meanwhile(() => send(`/objects/${id.centre}/logo`, 'PUT', 'logo', svg, 'logo.svg'));
        expect(res.status).toBe(400);
        expect(res.body.error?.code).toBe('svg_complex');
        expect(res.body.error?.fields?.logo).toBe(
          'The SVG logo is too complex: at most 10000 elements, nested at most 100 levels deep. Simplify it or upload a PNG',
        );
      }
      const large = await meanwhile(() => send(`/objects/${id.centre}/logo`, 'PUT', 'logo', heavy.flatSvg(500), 'logo.svg'));
      expect(large.status, JSON.stringify(large.body)).toBe(200);
    }, 60_000);

    it('refuses a template of too many tags before parsing it, and parses and fills a large one on a worker thread', async () => {
      const huge = await meanwhile(() => send('/contracts/template', 'PUT', 'file', heavy.template(300_000), 'lease.docx'));
      expect(huge.status).toBe(400);
      expect(huge.body.error?.code).toBe('template_complex');
      expect(huge.body.error?.fields?.file).toContain(`at most ${TEMPLATE_LIMITS.tags} placeholders`);
      // Random text does not compress: a .docx past the template's size.
      const big = await send('/contracts/template', 'PUT', 'file', docxWith(randomBytes(TEMPLATE_LIMITS.mib * 1024 * 1024).toString('base64')), 'lease.docx');
      expect(big.status).toBe(413);
      expect(big.body.error?.fields?.file).toBe(`The file is larger than ${TEMPLATE_LIMITS.mib} MB`);

      const large = await meanwhile(() => send('/contracts/template', 'PUT', 'file', heavy.template(4_000), 'lease.docx'));
      expect(large.status).toBe(200);
      const preview = await meanwhile(() => send('/contracts/template/preview', 'POST', 'file', heavy.template(4_000), 'lease.docx'));
      expect(preview.status).toBe(200);
      const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Тяжёлый»', [40]);
      const lease = await createLease(h, t.landlord, { renter_id: await renterIdOf(h, 'renter'), room_ids: centre.rooms.map((r) => r.id) });
      const generated = await meanwhile(() => h.api(`/contracts/${lease.id}/document`, { token: t.landlord, method: 'POST' }));
      expect(generated.status).toBe(201);

      // A template kept before the limits is refused at generation, before any parsing.
      const [kept] = await h.db
        .select({ key: contractSettings.templateKey })
        .from(contractSettings)
        .innerJoin(users, eq(users.landlordId, contractSettings.landlordId))
        .where(eq(users.username, 'landlord'));
      const { localStorage } = await import('#server/storage/storage');
      await localStorage(h.config.storageDir, h.config.storagePublicPath).put(kept?.key as string, heavy.template(1_000_000), 'application/octet-stream');
      const refused = await meanwhile(() =>
        h.api(`/contracts/${lease.id}/document`, { token: t.landlord, method: 'POST', headers: { 'accept-language': 'en' } }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('template_complex');
    }, 90_000);

    it('bounds a feed of 150 daily series and a list call, and the events one person creates', async () => {
      const [employee] = await h.db.select({ landlordId: users.landlordId }).from(users).where(eq(users.id, id.employee));
      const landlordId = employee?.landlordId as string;
      const now = Date.now();
      await h.db.insert(calendarEvents).values(heavy.dailySeries({ id: id.employee, landlordId }, 150, now));
      const url = (await h.api('/calendar/feed', { token: t.employee, method: 'POST' })).body.url as string;
      const feed = await meanwhile(() => h.fetch(new URL(url).pathname));
      expect(feed.status).toBe(200);
      // About 395 dates each in the feed's 13 months: the 10,000 searched hold the first 26 series, not 150.
      const series = (feed.body as string).match(/BEGIN:VEVENT/g)?.length ?? 0;
      expect(series).toBeGreaterThan(20);
      expect(series).toBeLessThan(30);

      const from = new Date(now).toISOString();
      const to = new Date(now + 99 * DAY).toISOString();
      const list = await meanwhile(() =>
        h.api(`/calendar/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { token: t.employee, headers: { 'accept-language': 'en' } }),
      );
      expect(list.status).toBe(400);
      expect(list.body.error.fields.to).toBe('This period has more than 5000 events: choose a shorter period');
      const week = await h.api(`/calendar/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(new Date(now + 7 * DAY).toISOString())}`, {
        token: t.employee,
      });
      expect(week.status).toBe(200);
      expect(week.body.occurrences.length).toBe(150 * 7);

      // One-off events up to the limit of one person: the next is refused in the caller's language.
      await h.db.execute(sql`insert into calendar_events (landlord_id, creator_user_id, title, starts_at, ends_at)
      select ${landlordId}::uuid, ${id.employee}::uuid, 'Old ' || g, now() - interval '400 days', now() - interval '400 days' + interval '1 hour'
      from generate_series(1, 1850) g`);
      const body = { title: 'One more', starts_at: new Date(now + DAY).toISOString(), ends_at: new Date(now + DAY + 3_600_000).toISOString() };
      const full = await h.api('/calendar/events', { token: t.employee, body, headers: { 'accept-language': 'en' } });
      expect(full.status).toBe(400);
      expect(full.body.error).toMatchObject({
        code: 'calendar_full',
        message: 'You have created 2000 events, the most one person may have. Delete past events to add a new one',
      });
      await h.db.delete(calendarEvents).where(and(eq(calendarEvents.creatorUserId, id.employee), eq(calendarEvents.title, 'Old 1')));
      expect((await h.api('/calendar/events', { token: t.employee, body })).status).toBe(201);
    }, 60_000);
  },
  { config: { workerTaskTimeoutMs: 120_000 } },
);
