import { modules } from '../modules';
import { deliveryJob } from '../modules/deliveries/job';
import type { IntervalSetting, JobDeclaration } from './declare';
import { orphanSweepJob } from './orphan-sweep';

/** Every job a process runs: the modules' and storage's own, and the outbox's with every module's channel. */
export const jobs: readonly JobDeclaration[] = [
  ...modules.flatMap((m) => m.jobs ?? []),
  deliveryJob(modules.flatMap((m) => (m.channel ? [m.channel] : []))),
  orphanSweepJob,
];

/** Each interval setting once, in the order of the jobs (jobs on one beat share theirs). */
export const intervalSettings: readonly IntervalSetting[] = [...new Set(jobs.map((job) => job.interval))];
