import { expect, it } from 'vitest';
import { describeEachDatabase } from '../support/api-harness';

// Without FCM the server says so: the variables to set to the superadmin, whom to ask to everyone else.
describeEachDatabase('push notifications, not configured', (h) => {
  it('/fcm-test and /push/config say that push is not configured, naming the variables to the superadmin only', async () => {
    const superadmin = await h.login('superadmin');
    const res = await h.api('/fcm-test', { token: superadmin, method: 'POST', lang: 'en' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'push_not_configured' });
    for (const name of ['FCM_SERVICE_ACCOUNT', 'FIREBASE_WEB_CONFIG', 'FCM_VAPID_KEY']) expect(res.body.error.message).toContain(name);
    // A landlord or an employee cannot set the server up: told whom to ask, never the variables.
    for (const role of ['landlord', 'employee'] as const) {
      const other = await h.api('/fcm-test', { token: await h.login(role), method: 'POST' });
      expect(other.status).toBe(409);
      expect(other.body.error).toEqual({
        code: 'push_not_set_up',
        message: 'Push-уведомления не настроены на сервере. Чтобы их включить, обратитесь к администратору системы',
      });
    }
    const token = await h.login('employee');
    expect((await h.api('/push/config', { token })).body).toEqual({ configured: false, web_config: null, vapid_key: null });
    expect((await h.api('/fcm-test', { method: 'POST' })).status).toBe(401);
  });
});
