import { paths } from '#/app/paths';
import type { TaskKind } from '#/state/queries/tasks';

/** Tasks and quick tasks are one feature under two sections of the route table. */
export const section = (kind: TaskKind) => (kind === 'quick' ? paths.quickTasks : paths.tasks);
export const basePath = (kind: TaskKind) => section(kind).list;
export const viewPath = (kind: TaskKind, id: string) => section(kind).view(id);
