import { defineModule } from '../manifest';
import { pushChannel } from './channel';
import { pushHandlers } from './handlers';

export const pushModule = defineModule({
  name: 'push',
  handlers: pushHandlers,
  channel: ({ db, push }) => (push ? pushChannel(db, push) : null),
});
