import { notFound } from '../../http/errors';
import { defineModule } from '../manifest';
import { emailChannel } from './channel';
import { emailHandlers } from './handlers';

/** Notifications by e-mail: the outbox's e-mail channel and the mails' unsubscribe link. */
export const emailModule = defineModule({
  name: 'email',
  handlers: emailHandlers,
  channel: emailChannel,
  // RFC 8058 prefers the one-click POST as multipart/form-data: a token this server did not sign is refused before the body is read.
  uploadGates: ({ unsubscribe }) => ({
    unsubscribe: async (req) => {
      if (!unsubscribe.read((req.params as { token: string }).token)) throw notFound();
    },
  }),
});
