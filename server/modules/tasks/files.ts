import { notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';
import { checkDocument, requireUpload } from '../../files/checks';
import { MAX_TASK_FILE_MIB } from '../../files/documents';
import { AppError, forbidden } from '../../http/errors';
import type { Upload } from '../../http/uploads';
import type { Storage } from '../../storage/storage';
import { attachFiles } from '../../workflow/files';
import { sidesOn, type TaskViewer } from './access';
import { completedStatuses } from './queries';
import { taskIn } from './transitions';
import { taskWorkflow } from './workflow';

const isOpen = notInArray(tasks.status, [...completedStatuses]);

/**
 * Who may add a file, asked before the upload's body is read (the upload gate) and again with it:
 * the executor or creator side, until the task is accepted or rejected.
 */
export async function taskTakingFiles(db: Db, viewer: TaskViewer, id: string) {
  const row = await taskIn(db, viewer, id);
  if (sidesOn(viewer, row.task).length === 0) throw forbidden();
  if ((completedStatuses as readonly string[]).includes(row.task.status)) throw new AppError(409, 'invalid_state');
  return row;
}

/** A document of either side, checked by its bytes, then stored and written into the history by the kit. */
export async function uploadTaskFile(db: Db, storage: Storage, viewer: TaskViewer, id: string, upload: Upload | undefined): Promise<void> {
  const row = await taskTakingFiles(db, viewer, id);
  const file = await checkDocument(requireUpload(upload, 'file'), 'file', MAX_TASK_FILE_MIB);
  const accepted = { ...file, columns: { ...file.columns, uploadedBy: viewer.user.id }, comment: file.columns?.name as string };
  await attachFiles(db, storage, taskWorkflow, viewer, row.task, [accepted], { open: isOpen });
}
