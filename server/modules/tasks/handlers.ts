import { eq } from 'drizzle-orm';
import { tasks } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { forbidden } from '../../http/errors';
import { translatorFor } from '../../http/i18n';
import { pageOf, pageResult } from '../../http/pagination';
import { type UploadGate, uploadOf } from '../../http/uploads';
import { recordHandlers } from '../../workflow/handlers';
import { type TaskViewer, taskViewerOf } from './access';
import { expireOverdueTasks } from './deadlines';
import { presentTask } from './detail';
import { taskTakingFiles, uploadTaskFile } from './files';
import { listTasks, toListItem } from './queries';
import { createTask, updateTask } from './service';
import { commentTask, taskIn, transitionTask } from './transitions';

type Ops = 'listTasks' | 'createTask' | 'getTask' | 'updateTask' | 'transitionTask' | 'commentTask' | 'uploadTaskFile';
type Req = Parameters<typeof callerOf>[0] & Parameters<typeof translatorFor>[0];

/** Tasks and quick tasks (machines/task.ts); who may do what is in access.ts. */
export function taskHandlers({ db, storage, links }: Deps): HandlersOf<Ops> {
  const viewerOf = (req: Req) => taskViewerOf(db, callerOf(req));
  const present = async (req: Req, viewer: TaskViewer, id: string) => presentTask(db, links, viewer, await taskIn(db, viewer, id), translatorFor(req));
  const task = recordHandlers(db, { viewer: viewerOfTask(db), newViewer: viewerOf, present, transition: transitionTask, comment: commentTask });

  return {
    async listTasks(req) {
      const viewer = await viewerOf(req);
      const q = req.query;
      const box = q.box ?? 'incoming';
      const boss = viewer.user.role === 'landlord' || viewer.user.role === 'superadmin';
      if (box === 'all' && !boss) throw forbidden();
      // A renter has no outgoing box (it never creates tasks): it is simply empty.
      const boxWhere = box === 'incoming' ? eq(tasks.executorUserId, viewer.user.id) : box === 'outgoing' ? eq(tasks.creatorUserId, viewer.user.id) : undefined;
      const page = pageOf(q, 20);
      const filter = {
        box: boxWhere,
        kind: q.kind ?? 'task',
        state: q.state ?? 'current',
        search: q.search,
        priority: q.priority,
        executor: q.executor,
      } as const;
      const { rows, total } = await listTasks(db, viewer.scope, filter, q.sort ?? 'deadline_at', page);
      return pageResult(rows.map(toListItem), total, page);
    },
    createTask: task.created((viewer, req) => createTask(db, viewer, req.body)),
    getTask: task.show,
    transitionTask: task.transition,
    commentTask: task.comment,
    updateTask: task.after((viewer, req) => updateTask(db, viewer, req.params.id, req.body)),
    uploadTaskFile: task.added((viewer, req) => uploadTaskFile(db, storage, viewer, req.params.id, uploadOf(req, 'file'))),
  };
}

/** A task read or worked between two runs of the deadline job is expired first: nobody works past a deadline. */
const viewerOfTask = (db: Deps['db']) => async (req: Req & { params: { id: string } }) => {
  const viewer = await taskViewerOf(db, callerOf(req));
  await expireOverdueTasks(db, req.params.id);
  return viewer;
};

/** A file is read only for a caller who may add one to this task (files.ts). */
export const taskUploadGates = ({ db }: Deps): Record<string, UploadGate> => ({
  uploadTaskFile: async (req) => taskTakingFiles(db, await viewerOfTask(db)(req as Req & { params: { id: string } }), (req.params as { id: string }).id),
});
