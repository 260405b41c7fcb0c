import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#server/db/schema';
import { preferencesOf } from '#server/modules/deliveries/preferences';
import { notifyEach } from '#server/modules/notifications/notify';
import { useBrowser } from '../support/browser';
import { mailTo } from '../support/outbox';

// A violation mailed to the tenant (the outbox folder) -> its footer's link -> the page -> unsubscribed from that kind alone.
describe('unsubscribing from a kind of mail in Chromium', () => {
  const ctx = useBrowser({ pagePerTest: false, config: { deliveryIntervalMs: 50 } });

  /** Whether the tenant's e-mail of a kind is on, as its profile reads it. */
  const mailed = async (userId: string, kind: string) =>
    (await preferencesOf(ctx.h.db, { id: userId, role: 'renter' }, false)).kinds.find((k) => k.kind === kind)?.email;

  it('on a phone, the mail’s link says what stops and where, and stops it only on the button', async () => {
    const [renter] = await ctx.h.db.select({ id: users.id, landlordId: users.landlordId }).from(users).where(eq(users.username, 'renter'));
    await notifyEach(ctx.h.db, [
      {
        recipients: [renter!.id],
        notice: {
          kind: 'violation.issue',
          landlordId: renter!.landlordId,
          subject: { type: 'violation', id: randomUUID() },
          params: { number: '77' },
          actor: { userId: null, name: '' },
        },
      },
    ]);
    const mail = await mailTo(ctx.h.outboxDir, 'renter@example.kz', 10_000, (m) => m.unsubscribe !== null);
    expect(mail?.subject).toContain('Вам выставлено нарушение №77');
    const link = new URL(/https?:\/\/\S+\/unsubscribe\/[A-Za-z0-9_-]+/.exec(mail!.text)![0]);

    await ctx.page.setViewportSize({ width: 390, height: 740 });
    await ctx.page.goto(link.pathname);
    await ctx.page.getByText('На адрес r***@example.kz больше не будут приходить письма «Вам выставлено нарушение».').waitFor();
    // Opening the page changed nothing.
    expect(await mailed(renter!.id, 'violation.issue')).toBe(true);
    const button = ctx.page.getByRole('button', { name: 'Отписаться' });
    const box = await button.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await button.click();
    await ctx.page.getByText('Готово: письма «Вам выставлено нарушение» больше не придут.', { exact: false }).waitFor();
    expect(await mailed(renter!.id, 'violation.issue')).toBe(false);
    expect(await mailed(renter!.id, 'violation.reject')).toBe(true);

    await ctx.page.goto(`${link.pathname}x`);
    await ctx.page.getByText('Ссылка для отписки недействительна.', { exact: false }).waitFor();
  });
});
