import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deliveries, notifications, users } from '#server/db/schema';
import { describeEachDatabase, type Harness } from '../support/api-harness';
import { pause, until } from '../support/push';
import { createAsRenter, firstRenterType } from '../support/requests';
import { createViolation, violationInputs } from '../support/violations';

type Received = { to: string[]; mail: ParsedMail };
const received: Received[] = [];
/** Addresses the mail server refuses, with its answer's code (550: no such mailbox; 451: try later). */
const refuse = new Map<string, number>();

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    const code = refuse.get(address.address);
    if (code) return callback(Object.assign(new Error(code >= 500 ? 'No such mailbox' : 'Try again later'), { responseCode: code }));
    callback();
  },
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
        callback();
      })
      .catch(callback);
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));

const RENTER = 'renter@example.kz';
const mailsTo = (address: string, since: number) => received.slice(since).filter((r) => r.to.includes(address));
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((l) => l.key === name)
    ?.line.slice(name.length + 1)
    .trim();
/** The token of a mail's List-Unsubscribe address (the API's POST). */
const tokenOf = (mail: ParsedMail) => /\/api\/unsubscribe\/([A-Za-z0-9_-]+)>/.exec(header(mail, 'list-unsubscribe') ?? '')?.[1] ?? '';
const emailQueued = async (h: Harness, notificationIds: number[]) =>
  notificationIds.length === 0
    ? []
    : h.db
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.channel, 'email'), inArray(deliveries.notificationId, notificationIds)));
const notificationsOf = async (h: Harness, username: string, kind: string) =>
  (
    await h.db
      .select({ id: notifications.id })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(eq(users.username, username), eq(notifications.kind, kind)))
  ).map((n) => n.id);

describeEachDatabase(
  'notifications by e-mail',
  (h) => {
    const t = { employee: '', renter: '' };
    let inputs = { renterId: '', typeId: '', roomId: '' };
    let requestType = '';

    beforeAll(async () => {
      for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
      inputs = await violationInputs(h, t.employee);
      requestType = await firstRenterType(h, t.renter);
    });

    /** A violation issued to the demo renter: `violation.issue`, mailed unless the renter turned it off. */
    const issueViolation = async () => {
      const v = await createViolation(h, t.employee, {
        renter_id: inputs.renterId,
        type_id: inputs.typeId,
        occurred_at: '2026-11-20T09:30:00Z',
        description: 'Витрина загромождена',
      });
      expect((await h.api(`/violations/${v.id}/transitions`, { token: t.employee, body: { event: 'violation.issue' } })).status).toBe(200);
      return v;
    };
    /** The renter's request taken by the employee: `request.status`, not mailed unless the renter turned it on. */
    const takenRequest = async () => {
      const r = await createAsRenter(h, t.renter, requestType);
      expect((await h.api(`/requests/${r.id}/transitions`, { token: t.employee, body: { event: 'request.take' } })).status).toBe(200);
      return r;
    };
    const emailSwitch = async (kind: string) =>
      ((await h.api('/notifications/preferences', { token: t.renter })).body.kinds as Array<{ kind: string; email: boolean }>).find((k) => k.kind === kind)
        ?.email;
    const postForm = (token: string, body?: string) =>
      fetch(`${h.baseUrl}/api/unsubscribe/${token}`, {
        method: 'POST',
        ...(body !== undefined && { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }),
      });

    it("a violation is mailed once to the renter, in the renter's language, as HTML and text with the record's link and a one-click unsubscribe", async () => {
      expect((await h.api('/user/language', { token: t.renter, method: 'PUT', body: { language: 'kk' } })).status).toBe(204);
      const since = received.length;
      const v = await issueViolation();
      await until(
        () => mailsTo(RENTER, since),
        (m) => m.length > 0,
      );
      await pause(300); // a second run of the job, had the mail been left in the outbox
      const mails = mailsTo(RENTER, since);
      expect(mails).toHaveLength(1);
      const { mail } = mails[0]!;
      const sentence = `Сіздің атыңызға №${v.number} бұзушылық тіркелді`;
      expect(mail.subject).toContain(sentence);
      const link = `http://localhost:5173/violations/${v.id}`;
      expect(mail.text).toContain('Сәлеметсіз бе');
      expect(mail.text).toContain(sentence);
      expect(mail.text).toContain(link);
      expect(mail.html).toContain('lang="kk"');
      expect(mail.html).toContain(sentence);
      expect(mail.html).toContain(`href="${link}"`);
      // The footer's link opens the SPA's page; the header's is the API's POST (RFC 8058).
      const token = tokenOf(mail);
      expect(token).not.toBe('');
      expect(header(mail, 'list-unsubscribe')).toBe(`<http://localhost:5173/api/unsubscribe/${token}>`);
      expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.text).toContain(`http://localhost:5173/unsubscribe/${token}`);
      expect(mail.html).toContain(`href="http://localhost:5173/unsubscribe/${token}"`);
      expect(mail.text).toContain('бас тарту');
      const unsubscribe = await h.api(`/unsubscribe/${token}`);
      expect(unsubscribe).toMatchObject({ status: 200, body: { kind: 'violation.issue', address: 'r***@example.kz' } });
      await h.api('/user/language', { token: t.renter, method: 'PUT', body: { language: 'ru' } });
    });

    it('a kind off by default (a request’s status) is not mailed until the person turns it on', async () => {
      const since = received.length;
      await takenRequest();
      const [first] = (await notificationsOf(h, 'renter', 'request.status')).slice(-1);
      expect(await emailQueued(h, [first!])).toEqual([]);
      expect(await emailSwitch('request.status')).toBe(false);
      const on = await h.api('/notifications/preferences', { token: t.renter, method: 'PUT', body: { kinds: [{ kind: 'request.status', email: true }] } });
      expect(on.status).toBe(200);
      const r = await takenRequest();
      const mails = await until(
        () => mailsTo(RENTER, since),
        (m) => m.length > 0,
      );
      await pause(200);
      expect(mailsTo(RENTER, since)).toHaveLength(1);
      expect(mails[0]?.mail.subject).toContain(`Заявка №${r.number}`);
      expect(mails[0]?.mail.text).toContain(`/requests-journal/view/${r.id}`);
    });

    it('a GET of the unsubscribe link changes nothing; the one-click POST (a form, or nothing) turns that kind’s mail off, and the next is not mailed', async () => {
      const since = received.length;
      await takenRequest();
      const [m] = await until(
        () => mailsTo(RENTER, since),
        (x) => x.length > 0,
      );
      const token = tokenOf(m!.mail);
      for (let i = 0; i < 2; i++) expect((await h.api(`/unsubscribe/${token}`)).body).toEqual({ kind: 'request.status', address: 'r***@example.kz' });
      expect(await emailSwitch('request.status')).toBe(true);

      const posted = await postForm(token, 'List-Unsubscribe=One-Click');
      expect(posted.status).toBe(204);
      expect(await emailSwitch('request.status')).toBe(false);
      // Other kinds keep theirs.
      expect(await emailSwitch('violation.issue')).toBe(true);
      const after = received.length;
      await takenRequest();
      const [last] = (await notificationsOf(h, 'renter', 'request.status')).slice(-1);
      expect(await emailQueued(h, [last!])).toEqual([]);
      await pause(300);
      expect(mailsTo(RENTER, after)).toEqual([]);
      // The page posts no body; RFC 8058 prefers multipart/form-data; twice is the same as once.
      expect((await postForm(token)).status).toBe(204);
      const multipart = new FormData();
      multipart.append('List-Unsubscribe', 'One-Click');
      expect((await fetch(`${h.baseUrl}/api/unsubscribe/${token}`, { method: 'POST', body: multipart })).status).toBe(204);
      expect(await emailSwitch('request.status')).toBe(false);
    });

    it('a forged or garbled token is 404 in the error shape, for the page and the POST alike', async () => {
      const since = received.length;
      await issueViolation();
      const [m] = await until(
        () => mailsTo(RENTER, since),
        (x) => x.length > 0,
      );
      const token = tokenOf(m!.mail);
      const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      for (const bad of [forged, 'garbled', `${token}x`]) {
        const read = await h.api(`/unsubscribe/${bad}`, { lang: 'en' });
        expect(read.status).toBe(404);
        expect(read.body.error).toEqual({ code: 'not_found', message: expect.any(String) });
        const posted = await postForm(bad, 'List-Unsubscribe=One-Click');
        expect(posted.status).toBe(404);
        expect((await posted.json()).error.code).toBe('not_found');
        const multipart = new FormData();
        multipart.append('List-Unsubscribe', 'One-Click');
        expect((await fetch(`${h.baseUrl}/api/unsubscribe/${bad}`, { method: 'POST', body: multipart })).status).toBe(404);
      }
      expect(await emailSwitch('violation.issue')).toBe(true);
    });

    it('a 550 for the address marks it bounced: the settings say so and nothing more is queued for it; a new address clears it', async () => {
      refuse.set(RENTER, 550);
      const since = received.length;
      await issueViolation();
      const bounced = await until(
        async () => (await h.db.select({ at: users.emailBouncedAt }).from(users).where(eq(users.email, RENTER)))[0]?.at,
        (at) => at != null,
      );
      expect(bounced).toBeInstanceOf(Date);
      const prefs = await h.api('/notifications/preferences', { token: t.renter });
      expect(prefs.body.channels.email).toEqual({ address: RENTER, bounced: true });
      await issueViolation();
      const [last] = (await notificationsOf(h, 'renter', 'violation.issue')).slice(-1);
      expect(await emailQueued(h, [last!])).toEqual([]);
      await pause(200);
      expect(mailsTo(RENTER, since)).toEqual([]);
      refuse.delete(RENTER);

      // The address changes (the landlord corrects it): the mark goes with the old one.
      await h.db.update(users).set({ email: 'renter.new@example.kz' }).where(eq(users.email, RENTER));
      expect((await h.api('/notifications/preferences', { token: t.renter })).body.channels.email).toEqual({
        address: 'renter.new@example.kz',
        bounced: false,
      });
    });

    it('a 451 (try later) is queued again with one attempt counted, the address not marked', async () => {
      const address = 'renter.new@example.kz';
      refuse.set(address, 451);
      await issueViolation();
      const [last] = (await notificationsOf(h, 'renter', 'violation.issue')).slice(-1);
      const [retry] = await until(
        () => emailQueued(h, [last!]),
        (q) => q.length === 1 && q[0]!.attempts === 1,
      );
      expect(retry).toMatchObject({ attempts: 1, kind: 'violation.issue' });
      expect(retry!.notBefore.getTime()).toBeGreaterThan(Date.now());
      expect((await h.api('/notifications/preferences', { token: t.renter })).body.channels.email.bounced).toBe(false);
      refuse.delete(address);
      await h.db.update(users).set({ email: RENTER }).where(eq(users.email, address));
    });
  },
  { config: { smtpUrl, deliveryIntervalMs: 50 } },
);
