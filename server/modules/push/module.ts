import { defineInterval } from '../../jobs/declare';
import { defineModule } from '../manifest';
import { pushHandlers } from './handlers';
import { startPushWorker } from './worker';

const pushInterval = defineInterval({
  env: 'PUSH_INTERVAL_MS',
  key: 'pushIntervalMs',
  defaultMs: 2000,
  describe: 'how often each API process sends the queued pushes (only with FCM configured); `0` disables it',
});

export const pushModule = defineModule({
  name: 'push',
  handlers: pushHandlers,
  // Every process sends queued pushes; the outbox's SKIP LOCKED claim gives each push to one of them.
  // The worker logs its own failures.
  jobs: [{ name: 'push worker', interval: pushInterval, start: ({ db, push, log }, ms) => (push ? startPushWorker(db, push, ms, log) : null) }],
});
