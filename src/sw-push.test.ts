import { describe, expect, it } from 'vitest';
import { readPush } from './sw-push';

describe("the service worker's reading of a push", () => {
  it('reads the data of an FCM message', () => {
    const push = { data: { title: 'Mega', body: 'Request #17', link: '/requests-journal/view/1', notification_id: '42' }, from: '123', fcmMessageId: 'x' };
    expect(readPush(push)).toEqual({ title: 'Mega', body: 'Request #17', link: '/requests-journal/view/1', tag: 'notification-42' });
  });

  it('follows only links inside the app', () => {
    for (const link of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect(readPush({ data: { title: 'a', body: 'b', link } })?.link).toBe('/home');
    }
  });

  it('ignores a push that is not ours', () => {
    expect(readPush(null)).toBeNull();
    expect(readPush({ data: { hello: 'world' } })).toBeNull();
  });
});
