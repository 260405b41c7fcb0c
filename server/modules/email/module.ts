import { defineModule } from '../manifest';
import { emailChannel } from './channel';
import { emailHandlers } from './handlers';

/** Notifications by e-mail: the outbox's e-mail channel and the mails' unsubscribe link. */
export const emailModule = defineModule({
  name: 'email',
  handlers: emailHandlers,
  channel: emailChannel,
});
