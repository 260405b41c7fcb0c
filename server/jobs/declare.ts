import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../deps';
import type { Job } from './every';

/**
 * A job's pace, declared once: `loadConfig` reads `env` into `config[key]` (a whole number, `defaultMs`
 * when unset, 0 disables the job), and README's configuration table shows `describe` as its row
 * (scripts/readme-config.ts). Jobs on the same beat share one setting object.
 */
export type IntervalSetting = {
  env: `${Uppercase<string>}_INTERVAL_MS`;
  key: `${string}IntervalMs`;
  defaultMs: number;
  describe: string;
};

/** What a job may need: the app's dependencies, the public address and the log; each takes only its own part. */
export type JobContext = Deps & { publicUrl: string; log: FastifyBaseLogger };

/**
 * A scheduled job of every API process. `start` returns null when the process cannot run it (no push
 * transport); a started job is stopped when the app closes. Every job is safe with several processes by
 * its own SQL: the interval only paces one process.
 */
export type JobDeclaration = {
  /** How its failures are logged: `<name> failed`. */
  name: string;
  interval: IntervalSetting;
  start(ctx: JobContext, intervalMs: number, onError: (err: unknown) => void): Job | null;
};

export const defineInterval = (setting: IntervalSetting) => setting;
