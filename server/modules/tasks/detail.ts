import { asc, eq } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { LL } from '../../http/i18n';
import type { Db } from '../../db/client';
import { taskEvents, taskFiles } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { actionsOn, sidesOn, type TaskViewer } from './access';
import { type TaskRow, toListItem } from './queries';

export type TaskDetail = components['schemas']['TaskDetail'];

/** The task with its files, history, and what this caller may do with it now. */
export async function presentTask(db: Db, storage: Storage, viewer: TaskViewer, row: TaskRow, ll: LL): Promise<TaskDetail> {
  const t = row.task;
  const [files, history] = await Promise.all([
    db.select().from(taskFiles).where(eq(taskFiles.taskId, t.id)).orderBy(asc(taskFiles.createdAt), asc(taskFiles.id)),
    db.select().from(taskEvents).where(eq(taskEvents.taskId, t.id)).orderBy(asc(taskEvents.createdAt), asc(taskEvents.id)),
  ]);
  return {
    ...toListItem(row),
    description: t.description,
    status_before_expiry: t.statusBeforeExpiry,
    files: files.map((f) => ({ id: f.id, name: f.name, content_type: f.contentType, size: f.size, url: storage.url(f.key), created_at: f.createdAt.toISOString() })),
    history: history.map((e) => ({
      id: e.id,
      at: e.createdAt.toISOString(),
      // The deadline job has no login: its entries are named in the reader's language.
      actor_name: e.actorUserId ? e.actorName : ll.tasks.system(),
      event: e.event,
      from_status: e.fromStatus,
      to_status: e.toStatus,
      comment: e.comment,
    })),
    actions: actionsOn(viewer, t),
    can_edit: t.status === 'new' && sidesOn(viewer, t).includes('creator'),
  };
}
