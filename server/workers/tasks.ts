import { threadId } from 'node:worker_threads';
import { sanitizeSvg } from '../files/svg';
import { renderPdf } from '../modules/billing/pdf';
import { expandOccurrences } from '../modules/calendar/expand';
import { icsText } from '../modules/calendar/ics';
import { fillTemplate, templateProblem } from '../modules/contracts/template';
import { readImport } from '../modules/imports/read';
import { writeImportReport } from '../modules/imports/report';

/**
 * What the worker threads run (pool.ts): pure functions of plain data, since a thread shares nothing
 * with the event loop. Each answers a refusal as a value (an AppError would lose its class crossing over).
 */
const tasks = {
  sanitizeSvg,
  templateProblem,
  fillTemplate,
  expandOccurrences,
  icsText,
  readImport,
  writeImportReport,
  renderPdf,
  /** Where a task runs: a worker thread's id, never the event loop's 0 (tests/unit/worker-pool.test.ts). */
  threadId: (_: null) => threadId,
};

type Tasks = typeof tasks;
export type TaskName = keyof Tasks;
export type TaskInput<N extends TaskName> = Parameters<Tasks[N]>[0];
export type TaskOutput<N extends TaskName> = ReturnType<Tasks[N]>;

export default function run<N extends TaskName>({ name, input }: { name: N; input: TaskInput<N> }): TaskOutput<N> {
  return (tasks[name] as (input: TaskInput<N>) => TaskOutput<N>)(input);
}
