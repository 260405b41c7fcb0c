import { modules } from '../modules';
import type { IntervalSetting, JobDeclaration } from './declare';
import { orphanSweepJob } from './orphan-sweep';

/** Every job a process runs: the modules' and storage's own. */
export const jobs: readonly JobDeclaration[] = [...modules.flatMap((m) => m.jobs ?? []), orphanSweepJob];

/** Each interval setting once, in the order of the jobs (jobs on one beat share theirs). */
export const intervalSettings: readonly IntervalSetting[] = [...new Set(jobs.map((job) => job.interval))];
