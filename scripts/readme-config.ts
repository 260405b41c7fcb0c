import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { intervalSettings } from '../server/jobs/all';
import type { IntervalSetting } from '../server/jobs/declare';

/**
 * README's table of the jobs' intervals, written from the jobs' declarations (server/jobs/declare.ts)
 * between its markers: `npm run gen` runs it, and tests/unit/readme-config.test.ts fails when README
 * differs from what it would write.
 */
export const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'README.md');
const START = "<!-- job intervals: written by scripts/readme-config.ts from the jobs' declarations -->";
const END = '<!-- end of job intervals -->';

const row = (s: IntervalSetting) => `| \`${s.env}\` | \`${s.defaultMs}\` | ${s.describe} |`;

/** `readme` with its job table as the declarations say; an error when the markers are missing. */
export function withJobIntervals(readme: string, settings: readonly IntervalSetting[] = intervalSettings): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers of the job intervals table (${START} … ${END})`);
  const table = ['| variable | default | meaning |', '|---|---|---|', ...settings.map(row)].join('\n');
  return `${readme.slice(0, start)}${START}\n${table}\n${readme.slice(end)}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const before = readFileSync(README, 'utf8');
  const after = withJobIntervals(before);
  if (after !== before) writeFileSync(README, after);
}
