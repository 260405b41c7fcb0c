import { startOrphanSweep } from '../storage/orphans';
import { defineInterval, type JobDeclaration } from './declare';

/** Storage's own job, beside the modules' (jobs/all.ts). */
export const orphanSweepJob: JobDeclaration = {
  name: 'sweep of unreferenced files',
  interval: defineInterval({
    env: 'ORPHAN_SWEEP_INTERVAL_MS',
    key: 'orphanSweepIntervalMs',
    defaultMs: 6 * 60 * 60_000,
    describe:
      'how often each API process removes stored files (local folder or bucket) that no row names, among those one to eight days old (a process that died between storing a file and writing its row); `0` disables it',
  }),
  start: ({ db, storage }, ms, onError) => startOrphanSweep(db, storage, ms, onError),
};
