import type { Deps } from '../../deps';
import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { countUnread, inboxPage, markAllRead, markRead } from './inbox';

type Ops = 'listInbox' | 'readNotification' | 'readAllNotifications' | 'countUnread';

/** Every user's inbox: only ever the caller's own rows, whatever its role. */
export function inboxHandlers({ db }: Deps): HandlersOf<Ops> {
  return {
    async listInbox(req) {
      return inboxPage(db, callerOf(req).id, req.query);
    },
    async readNotification(req, reply) {
      await markRead(db, callerOf(req).id, req.params.id);
      return reply.status(204).send();
    },
    async readAllNotifications(req, reply) {
      await markAllRead(db, callerOf(req).id);
      return reply.status(204).send();
    },
    async countUnread(req) {
      return { count: await countUnread(db, callerOf(req).id) };
    },
  };
}
