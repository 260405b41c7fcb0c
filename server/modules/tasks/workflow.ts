import { nextTaskStatus, type TaskActor, type TaskEventType, taskActions } from '../../../machines/task';
import { taskEvents, taskFiles, tasks } from '../../db/schema';
import type { Workflow } from '../../workflow/workflow';
import { contextOf, sidesOn, type TaskViewer } from './access';
import { taskTransitioned } from './notices';

export const MAX_TASK_FILES = 10;

/** Tasks on the workflow kit: machines/task.ts, its history and files, and who plays which side (access.ts). */
export const taskWorkflow: Workflow<typeof tasks.$inferSelect, TaskEventType, TaskActor, TaskViewer> = {
  name: 'task',
  record: tasks,
  keyOf: (task) => ({ id: task.id, status: task.status }),
  history: { table: taskEvents, recordKey: 'taskId' },
  files: { table: taskFiles, recordKey: 'taskId', recordId: taskFiles.taskId, prefix: 'tasks', maxFiles: MAX_TASK_FILES },
  actors: ['executor', 'creator', 'system'],
  next(task, event, by) {
    const next = nextTaskStatus(task.status, contextOf(task), event, by);
    return next && { status: next.status, set: { statusBeforeExpiry: next.statusBeforeExpiry } };
  },
  events: (task, by) => taskActions(task.status, contextOf(task), by),
  sidesOf: sidesOn,
  needsComment: ['task.reject', 'task.return'],
  notify: taskTransitioned,
};
