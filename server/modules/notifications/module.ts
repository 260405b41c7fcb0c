import { defineModule } from '../manifest';
import { placeholders } from '../menu/caller';
import { inboxHandlers } from './handlers';
import { unreadBadge } from './inbox';
import { liveHandlers } from './live-handlers';

export const notificationsModule = defineModule({
  name: 'notifications',
  handlers: (ctx) => ({ ...inboxHandlers(ctx), ...liveHandlers(ctx, ctx.hub) }),
  badges: [{ keys: ['notifications_unread'], shape: () => 'mine', counts: (db) => ({ notifications_unread: unreadBadge(db, placeholders.user) }) }],
});
