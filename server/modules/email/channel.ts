import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveries, users } from '../../db/schema';
import type { JobContext } from '../../jobs/declare';
import { isAddressRefused } from '../../mail/mailer';
import type { ChannelAdapter, Outcome, Outgoing } from '../deliveries/channel';
import { notificationMail } from './message';

/**
 * An address the mail server refused for good: marked bounced (the outbox queues no more mail to it,
 * and the person's settings say so) and what is still queued for it dropped. Only while it is still the
 * person's address: one changed meanwhile is a new one (its trigger has cleared the mark).
 */
async function markBounced(db: Db, userId: string, address: string) {
  await db
    .update(users)
    .set({ emailBouncedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.email, address)));
  await db.delete(deliveries).where(and(eq(deliveries.channel, 'email'), eq(deliveries.userId, userId)));
}

/**
 * The e-mail channel of the outbox: each message goes through the app's mailer (SMTP, or the outbox
 * folder without SMTP_URL) with its one-click unsubscribe (RFC 8058: `List-Unsubscribe` to the API's
 * POST, `List-Unsubscribe-Post`). A permanent refusal (5xx) marks the address bounced and the message is
 * gone; a temporary one (4xx, no connection) is tried again later.
 */
export function emailChannel({ db, mailer, unsubscribe, publicUrl, log }: JobContext): ChannelAdapter {
  const send = async (item: Outgoing): Promise<Outcome> => {
    const address = item.recipient.email;
    if (!item.source || !address) return { status: 'gone' };
    const token = unsubscribe.tokenOf(item.userId, item.kind);
    try {
      await mailer.send({
        to: address,
        ...notificationMail(item.source, item.recipient, { publicUrl, unsubscribeToken: token }),
        list: { unsubscribe: `${publicUrl}/api/unsubscribe/${token}` },
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      return { status: 'sent' };
    } catch (err) {
      if (isAddressRefused(err)) {
        await markBounced(db, item.userId, address);
        log.warn({ delivery: item.id, userId: item.userId, code: (err as { responseCode?: number }).responseCode }, 'e-mail address refused: marked bounced');
        return { status: 'gone' };
      }
      log.warn({ delivery: item.id, err }, 'e-mail not sent, tried again later');
      return { status: 'failed' };
    }
  };
  return {
    channel: 'email',
    batch: 50,
    maxAttempts: 5,
    maxAgeMs: 24 * 60 * 60_000,
    // All at once: the mailer's pool of connections takes them as fast as the mail server does.
    send: (items) => Promise.all(items.map(send)),
  };
}
