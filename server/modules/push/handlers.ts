import { and, eq, inArray } from 'drizzle-orm';
import { kindsFor, type NotificationKind } from '#/shared/notification-sentence';
import type { Db } from '../../db/client';
import { pushMutedKinds } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { AppError, invalidField } from '../../http/errors';
import { testMessage } from './message';
import { liveTokensOf, sendAndPrune } from './worker';

type Ops = 'getNotificationPreferences' | 'putNotificationPreferences' | 'getPushConfig' | 'sendTestPush';

/** Every kind the user's role can be told, with its push switch: on unless the user turned it off. */
async function preferencesOf(db: Db, user: { id: string; role: string }) {
  const muted = new Set((await db.select({ kind: pushMutedKinds.kind }).from(pushMutedKinds).where(eq(pushMutedKinds.userId, user.id))).map((m) => m.kind));
  return { kinds: kindsFor(user.role).map((kind) => ({ kind, push: !muted.has(kind) })) };
}

/** Push: the caller's own switches, the browser's configuration and the test push; every role alike. */
export function pushHandlers({ db, config, push }: Deps): HandlersOf<Ops> {
  const configured = Boolean(push && config.firebaseWebConfig && config.fcmVapidKey);
  return {
    async getNotificationPreferences(req) {
      return preferencesOf(db, callerOf(req));
    },
    async putNotificationPreferences(req) {
      const user = callerOf(req);
      const userId = user.id;
      const own = new Set<string>(kindsFor(user.role));
      if (req.body.kinds.some((k) => !own.has(k.kind))) throw invalidField('kinds', (ll) => ll.errors.not_found());
      const off = req.body.kinds.filter((k) => !k.push).map((k) => k.kind as NotificationKind);
      const on = req.body.kinds.filter((k) => k.push).map((k) => k.kind as NotificationKind);
      await db.transaction(async (tx) => {
        if (on.length) await tx.delete(pushMutedKinds).where(and(eq(pushMutedKinds.userId, userId), inArray(pushMutedKinds.kind, on)));
        if (off.length)
          await tx
            .insert(pushMutedKinds)
            .values(off.map((kind) => ({ userId, kind })))
            .onConflictDoNothing();
      });
      return preferencesOf(db, user);
    },
    async getPushConfig() {
      return configured
        ? { configured, web_config: config.firebaseWebConfig, vapid_key: config.fcmVapidKey }
        : { configured, web_config: null, vapid_key: null };
    },
    async sendTestPush(req) {
      // Only the superadmin can set the server up: the others learn whom to ask, not the variables' names.
      if (!push) throw new AppError(409, callerOf(req).role === 'superadmin' ? 'push_not_configured' : 'push_not_set_up');
      const userId = callerOf(req).id;
      const total = { sent: 0, dropped: 0, failed: 0 };
      const tokens = await liveTokensOf(db, [userId]);
      for (const language of new Set(tokens.map((t) => t.language))) {
        const group = tokens.filter((t) => t.language === language).map((t) => t.token);
        const done = await sendAndPrune(db, push, userId, group, testMessage(language));
        total.sent += done.sent;
        total.dropped += done.dropped;
        total.failed += done.failed.length;
      }
      return total;
    },
  };
}
