import { kindsFor } from '#/shared/notification-sentence';
import type { Deps } from '../../deps';
import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { invalidField } from '../../http/errors';
import { preferencesOf, setPreferences } from './preferences';

type Ops = 'getNotificationPreferences' | 'putNotificationPreferences';

/** The caller's own channel switches, every role alike. */
export function deliveryHandlers({ db, telegram }: Deps): HandlersOf<Ops> {
  const configured = telegram !== null;
  return {
    async getNotificationPreferences(req) {
      return preferencesOf(db, callerOf(req), configured);
    },
    async putNotificationPreferences(req) {
      const user = callerOf(req);
      const own = new Set<string>(kindsFor(user.role));
      if (req.body.kinds.some((k) => !own.has(k.kind))) throw invalidField('kinds', (ll) => ll.errors.not_found());
      await setPreferences(db, user.id, req.body.kinds);
      return preferencesOf(db, user, configured);
    },
  };
}
