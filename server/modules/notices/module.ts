import { defineInterval } from '../../jobs/declare';
import { defineModule } from '../manifest';
import { startNoticeJob } from './delivery';
import { noticeHandlers, noticeUploadGates } from './handlers';

const noticeInterval = defineInterval({
  env: 'NOTICE_INTERVAL_MS',
  key: 'noticeIntervalMs',
  defaultMs: 15_000,
  describe: 'how often each API process delivers the scheduled notices whose time has come (one atomic UPDATE, safe with several processes); `0` disables it',
});

export const noticesModule = defineModule({
  name: 'notices',
  handlers: noticeHandlers,
  uploadGates: noticeUploadGates,
  // Every process runs it; its single UPDATE delivers each scheduled notice once (delivery.ts).
  jobs: [{ name: 'notice delivery job', interval: noticeInterval, start: ({ db }, ms, onError) => startNoticeJob(db, ms, onError) }],
  subjects: ['notice'],
});
