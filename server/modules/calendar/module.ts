import { defineInterval } from '../../jobs/declare';
import { defineModule } from '../manifest';
import { calendarHandlers } from './handlers';
import { startReminderJob } from './reminders';

const reminderInterval = defineInterval({
  env: 'CALENDAR_REMINDER_INTERVAL_MS',
  key: 'calendarReminderIntervalMs',
  defaultMs: 30_000,
  describe:
    'how often each API process sends due calendar reminders (a reminder more than 15 minutes late, after downtime, is skipped); each is recorded under a unique key, so several processes send it once; `0` disables it',
});

export const calendarModule = defineModule({
  name: 'calendar',
  handlers: calendarHandlers,
  // Every process sends reminders; the unique key of calendar_reminders_sent tells each once (reminders.ts).
  jobs: [{ name: 'calendar reminder job', interval: reminderInterval, start: ({ db }, ms, onError) => startReminderJob(db, ms, onError) }],
  subjects: ['event'],
});
