import type { Deps } from '../../deps';
import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { AppError } from '../../http/errors';
import { liveTokensOf, sendAndPrune } from './channel';
import { testMessage } from './message';

type Ops = 'getPushConfig' | 'sendTestPush';

/** Push: the browser's configuration and the test push; every role alike. */
export function pushHandlers({ db, config, push }: Deps): HandlersOf<Ops> {
  const configured = Boolean(push && config.firebaseWebConfig && config.fcmVapidKey);
  return {
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
