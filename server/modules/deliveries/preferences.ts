import { eq, sql } from 'drizzle-orm';
import { kindsFor, type NotificationKind, notificationKinds } from '#/shared/notification-sentence';
import type { Db } from '../../db/client';
import { type DeliveryChannel, deliveryChannels, notificationChannels, telegramLinks, users } from '../../db/schema';

/**
 * The kinds mailed unless the person says otherwise: what a landlord would want in a mailbox (its
 * invoices and reminders to pay, a lease running out, violations, a request rated 1 or 2); the rest is for the app, push and
 * Telegram, which are on for every kind.
 */
export const emailByDefault: ReadonlySet<string> = new Set<NotificationKind>([
  'invoice.issued',
  'invoice.reminder',
  'contract.expiring',
  'contract.ends_soon',
  'request.rating',
  ...notificationKinds.filter((kind) => kind.startsWith('violation.')),
]);

const byDefault = (kind: string, channel: DeliveryChannel) => channel !== 'email' || emailByDefault.has(kind);

/** The same default as SQL, for the outbox's INSERT (./queue.ts): `kind` and `channel` are its columns' expressions. */
export const defaultSql = (kind: ReturnType<typeof sql>, channel: ReturnType<typeof sql>) =>
  sql`(${channel} <> 'email' or ${kind} = any(${`{${[...emailByDefault].join(',')}}`}::text[]))`;

export type Preferences = {
  kinds: { kind: NotificationKind; push: boolean; email: boolean; telegram: boolean }[];
  channels: { email: { address: string | null; bounced: boolean }; telegram: { configured: boolean; linked: boolean } };
};

/** Every kind the user's role can be told with its three switches (its choice, else the default), and what each channel reaches. */
export async function preferencesOf(db: Db, user: { id: string; role: string }, telegramConfigured: boolean): Promise<Preferences> {
  const chosen = new Map(
    (await db.select().from(notificationChannels).where(eq(notificationChannels.userId, user.id))).map((c) => [`${c.kind} ${c.channel}`, c.enabled]),
  );
  const on = (kind: string, channel: DeliveryChannel) => chosen.get(`${kind} ${channel}`) ?? byDefault(kind, channel);
  const [me] = await db
    .select({ email: users.email, bouncedAt: users.emailBouncedAt, chat: telegramLinks.chatId })
    .from(users)
    .leftJoin(telegramLinks, eq(telegramLinks.userId, users.id))
    .where(eq(users.id, user.id));
  return {
    kinds: kindsFor(user.role).map((kind) => ({ kind, push: on(kind, 'push'), email: on(kind, 'email'), telegram: on(kind, 'telegram') })),
    channels: {
      email: { address: me?.email || null, bounced: Boolean(me?.bouncedAt) },
      telegram: { configured: telegramConfigured, linked: me?.chat != null },
    },
  };
}

/** Writes the switches given (one statement); kinds the role cannot be told are the caller's to refuse first. */
export async function setPreferences(db: Db, userId: string, changes: ReadonlyArray<{ kind: string } & Partial<Record<DeliveryChannel, boolean>>>) {
  // One row per switch, the last word for it winning: an upsert cannot touch one row twice.
  const bySwitch = new Map<string, typeof notificationChannels.$inferInsert>();
  for (const c of changes)
    for (const channel of deliveryChannels) {
      const enabled = c[channel];
      if (enabled !== undefined) bySwitch.set(`${c.kind} ${channel}`, { userId, kind: c.kind, channel, enabled });
    }
  const rows = [...bySwitch.values()];
  if (rows.length === 0) return;
  await db
    .insert(notificationChannels)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationChannels.userId, notificationChannels.kind, notificationChannels.channel],
      set: { enabled: sql`excluded.enabled` },
    });
}
