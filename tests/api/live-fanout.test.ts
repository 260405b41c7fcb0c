import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { AuthedUser } from '#server/auth/sessions';
import { users } from '#server/db/schema';
import { modules } from '#server/modules';
import { menuCounts, menuCountsOf } from '#server/modules/menu/counts';
import { createLiveHub } from '#server/modules/notifications/live';
import { notifyAudience } from '#server/modules/notifications/notify';
import { describeEachDatabase } from '../support/api-harness';
import { statementsOf } from '../support/statements';

const badges = modules.flatMap((m) => m.badges ?? []);
const TENANTS = 40;

/** A sink that keeps the Server-Sent Events written to it, parsed. */
function sink() {
  const events: Array<{ event: string; data: any }> = [];
  return {
    events,
    write(chunk: string) {
      const event = /^event: (.+)$/m.exec(chunk)?.[1];
      const data = /^data: (.+)$/m.exec(chunk)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
    },
    end() {},
  };
}

const until = async (done: () => boolean, ms = 5_000) => {
  for (const start = Date.now(); !done(); ) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/**
 * A notice to every tenant wakes every open tab at once: the hub reads their news together, not each
 * stream its own (one statement for the rows, the grants once, one per shape for the counts).
 */
describeEachDatabase('live streams read together', (h) => {
  it(`${TENANTS} tenants' streams and the landlord's, woken by one signal, cost at most four statements, and each gets its own row and counts`, async () => {
    const [landlord] = await h.db.select().from(users).where(eq(users.username, 'landlord'));
    if (!landlord?.landlordId) throw new Error('demo landlord missing');
    const L = landlord.landlordId;
    const tenants = await h.db
      .insert(users)
      .values(Array.from({ length: TENANTS }, (_, i) => ({ landlordId: L, username: `fanout${i}`, fullName: `Арендатор ${i}`, role: 'renter' as const })))
      .returning();
    const watchers: AuthedUser[] = [...tenants, landlord].map((u) => ({
      sessionId: '',
      id: u.id,
      role: u.role,
      landlordId: u.landlordId,
      fullName: u.fullName,
    }));
    const hub = createLiveHub(
      h.db,
      (err) => {
        throw err;
      },
      { countsOf: (list) => menuCountsOf(h.db, list, badges) },
    );
    try {
      const sinks = watchers.map((user) => {
        const s = sink();
        hub.open(s, user, `session-${user.id}`, null);
        return s;
      });
      await until(() => sinks.every((s) => s.events.some((e) => e.event === 'counts')));

      // One notice's rows for all of them (the landlord's too, as if another employee sent it).
      const subject = crypto.randomUUID();
      await notifyAudience(h.db, sql`select id from users where username like 'fanout%' or id = ${landlord.id}::uuid`, {
        kind: 'notice.renters',
        landlordId: L,
        subject: { type: 'notice', id: subject },
        params: { title: 'Плановые работы' },
        actor: { userId: null, name: 'Система' },
      });
      const before = sinks.map((s) => s.events.length);
      const sent = await statementsOf(h.db, async () => {
        hub.signal(watchers.map((w) => w.id).join(','));
        await until(() => sinks.every((s, i) => s.events.slice(before[i]).some((e) => e.event === 'counts')));
      });
      // The rows of every stream (1), the renters' cards (1), the counts of the renters' shape and the landlord's (2).
      expect(sent).toBeLessThanOrEqual(4);
      for (const [i, s] of sinks.entries()) {
        const news = s.events.slice(before[i]);
        expect(news.filter((e) => e.event === 'notification').map((e) => e.data.subject.id)).toEqual([subject]);
        const user = watchers[i] as AuthedUser;
        expect(news.find((e) => e.event === 'counts')?.data).toEqual(await menuCounts(h.db, user, badges));
      }
    } finally {
      hub.close();
    }
  });
});
