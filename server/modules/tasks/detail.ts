import { asc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Db } from '../../db/client';
import { taskFiles } from '../../db/schema';
import type { LL } from '../../http/i18n';
import type { FileLinks } from '../../storage/file-links';
import { presentFiles } from '../../workflow/file-list';
import { presentHistory } from '../../workflow/history';
import { actionsOf } from '../../workflow/transition';
import { sidesOn, type TaskViewer } from './access';
import { type TaskRow, toListItem } from './queries';
import { taskWorkflow } from './workflow';

export type TaskDetail = components['schemas']['TaskDetail'];

/** The task with its files (signed links: only this viewer, who sees the task, gets them), history, and what this caller may do with it now. */
export async function presentTask(db: Db, links: FileLinks, viewer: TaskViewer, row: TaskRow, ll: LL): Promise<TaskDetail> {
  const t = row.task;
  const [files, history] = await Promise.all([
    db.select().from(taskFiles).where(eq(taskFiles.taskId, t.id)).orderBy(asc(taskFiles.createdAt), asc(taskFiles.id)),
    // The deadline job has no login: its entries are named in the reader's language.
    presentHistory(db, taskWorkflow.history!, t.id, ll.tasks.system()),
  ]);
  return {
    ...toListItem(row),
    description: t.description,
    status_before_expiry: t.statusBeforeExpiry,
    files: presentFiles(links, files),
    history: history as TaskDetail['history'],
    actions: actionsOf(taskWorkflow, viewer, t),
    can_edit: t.status === 'new' && sidesOn(viewer, t).includes('creator'),
  };
}
