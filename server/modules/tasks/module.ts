import { defineInterval } from '../../jobs/declare';
import { defineModule } from '../manifest';
import { placeholders } from '../menu/caller';
import { startDeadlineJob } from './deadlines';
import { taskHandlers, taskUploadGates } from './handlers';
import { incomingBadge } from './queries';

/** The deadline beat: tasks expire on it, and violations are marked overdue on it too (violations/module.ts). */
export const deadlineInterval = defineInterval({
  env: 'TASK_DEADLINE_INTERVAL_MS',
  key: 'taskDeadlineIntervalMs',
  defaultMs: 30_000,
  describe:
    'how often each API process turns overdue tasks expired and marks violations past their deadline overdue (one atomic UPDATE each, safe with several processes); `0` disables both',
});

export const tasksModule = defineModule({
  name: 'tasks',
  handlers: taskHandlers,
  uploadGates: taskUploadGates,
  // Every process runs it; its single UPDATE makes concurrent runs safe (deadlines.ts).
  jobs: [{ name: 'task deadline job', interval: deadlineInterval, start: ({ db }, ms, onError) => startDeadlineJob(db, ms, onError) }],
  // Everyone's own incoming tasks: the same shape for every caller.
  badges: [{ keys: ['tasks_incoming'], shape: () => 'mine', counts: (db) => ({ tasks_incoming: incomingBadge(db, placeholders.user) }) }],
  subjects: ['task'],
});
