import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { fcmTokens, notifications, users } from '#server/db/schema';
import { notifyEach } from '#server/modules/notifications/notify';
import { DEMO_PASSWORD } from '#server/seed/demo';
import { describeEachDatabase } from '../support/api-harness';
import { device, pause, pushConfig, pushRecorder, saveToken, tokensOf, until } from '../support/push';

const { transport, to } = pushRecorder();

/** Whose browsers are pushed to: the one who saved the token, while the session that saved it lives. */
describeEachDatabase(
  'push: the browsers reached',
  (h) => {
    const t = { landlord: '', renter: '', renter2: '' };

    beforeAll(async () => {
      for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    });

    it("DELETE /set-fcm-token removes only the caller's own token; a browser's token belongs to whoever saved it last", async () => {
      const phone = device();
      await saveToken(h, t.renter, phone);
      expect((await h.api('/set-fcm-token', { token: t.renter2, method: 'DELETE', body: { fcm_token: phone } })).status).toBe(204);
      expect(await tokensOf(h, 'renter')).toContain(phone);
      await saveToken(h, t.renter2, phone);
      expect(await tokensOf(h, 'renter')).not.toContain(phone);
      expect(await tokensOf(h, 'renter2')).toContain(phone);
      expect((await h.api('/set-fcm-token', { token: t.renter2, method: 'DELETE', body: { fcm_token: phone } })).status).toBe(204);
      expect(await h.db.select().from(fcmTokens).where(eq(fcmTokens.token, phone))).toEqual([]);
    });

    it('the test push goes to the caller’s own browsers at once; the configuration is given to the browser', async () => {
      const mine = device();
      const gone = device('dead');
      await h.api('/user/language', { token: t.landlord, method: 'PUT', body: { language: 'en' } });
      await saveToken(h, t.landlord, mine);
      await saveToken(h, t.landlord, gone);
      const res = await h.api('/fcm-test', { token: t.landlord, method: 'POST' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ sent: 1, dropped: 1, failed: 0 });
      expect(to(mine)[0]?.message).toMatchObject({ body: 'Test: push notifications work on this device', notificationId: null });
      expect(await tokensOf(h, 'landlord')).toEqual([mine]);
      const config = await h.api('/push/config', { token: t.renter });
      expect(config.body).toEqual({ configured: true, web_config: { projectId: 'mall-crm-test', apiKey: 'test-key' }, vapid_key: 'test-vapid' });
      await h.api('/user/language', { token: t.landlord, method: 'PUT', body: { language: 'ru' } });
    });

    it('a browser signed out everywhere (a password change elsewhere) is pushed nothing more; a deleted account gets no inbox row', async () => {
      const phoneSession = await h.login('renter2');
      const desk = await h.login('renter2');
      const phone = device();
      expect((await saveToken(h, phoneSession, phone)).status).toBe(204);
      const [renter2] = await h.db.select({ id: users.id }).from(users).where(eq(users.username, 'renter2'));
      const tell = (title: string) =>
        notifyEach(h.db, [
          {
            recipients: [renter2!.id],
            notice: {
              kind: 'notice.renters',
              landlordId: null,
              subject: { type: 'notice', id: randomUUID() },
              params: { title },
              actor: { userId: null, name: '' },
            },
          },
        ]);
      const inboxOf = async () => (await h.db.select().from(notifications).where(eq(notifications.userId, renter2!.id))).length;
      await tell('While the phone is signed in');
      expect(
        await until(
          () => to(phone).length,
          (n) => n === 1,
        ),
      ).toBe(1);

      const changed = await h.api('/auth/change-password', { token: desk, body: { current_password: DEMO_PASSWORD, new_password: 'Another-secret-7' } });
      expect(changed.status).toBe(204);
      t.renter2 = desk;
      expect(await tokensOf(h, 'renter2')).toEqual([]);
      const before = await inboxOf();
      await tell('After the password change');
      expect(await inboxOf()).toBe(before + 1);
      await pause(300);
      expect(to(phone)).toHaveLength(1);
      // The desk's own browser registered after the change is reached: the session that saved it lives.
      const deskBrowser = device();
      await saveToken(h, desk, deskBrowser);
      await tell('To the desk');
      expect(
        await until(
          () => to(deskBrowser).length,
          (n) => n === 1,
        ),
      ).toBe(1);

      await h.db.update(users).set({ active: false }).where(eq(users.id, renter2!.id));
      await tell('While deleted');
      expect(await inboxOf()).toBe(before + 2);
      await h.db.update(users).set({ active: true }).where(eq(users.id, renter2!.id));
      await pause(300);
      expect(to(deskBrowser)).toHaveLength(1);
      expect((await h.api('/auth/change-password', { token: desk, body: { current_password: 'Another-secret-7', new_password: DEMO_PASSWORD } })).status).toBe(
        204,
      );
    });
  },
  { push: transport, config: pushConfig },
);
