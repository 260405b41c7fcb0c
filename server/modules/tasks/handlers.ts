import { eq } from 'drizzle-orm';
import { tasks } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { forbidden, notFound } from '../../http/errors';
import { translatorFor } from '../../http/i18n';
import { pageOf, pageResult } from '../../http/pagination';
import { uploadOf } from '../../http/uploads';
import { type TaskViewer, taskViewerOf } from './access';
import { expireOverdueTasks } from './deadlines';
import { presentTask } from './detail';
import { listExecutors } from './executors';
import { uploadTaskFile } from './files';
import { findTask, listTasks, toListItem } from './queries';
import { commentTask, createTask, updateTask } from './service';
import { transitionTask } from './transitions';

type Ops = 'listTasks' | 'listTaskExecutors' | 'createTask' | 'getTask' | 'updateTask' | 'transitionTask' | 'commentTask' | 'uploadTaskFile';
type Req = Parameters<typeof callerOf>[0] & Parameters<typeof translatorFor>[0];

/** Tasks and quick tasks (spec §2, §3 Task, §4; DESIGN §4 task); who may do what is in access.ts. */
export function taskHandlers({ db, storage }: Deps): HandlersOf<Ops> {
  const viewerOf = (req: Req) => taskViewerOf(db, callerOf(req));
  // A task read or worked between two runs of the deadline job is expired first: nobody works past a deadline.
  const viewerOfTask = async (req: Req & { params: { id: string } }) => {
    const viewer = await viewerOf(req);
    await expireOverdueTasks(db, req.params.id);
    return viewer;
  };
  const present = async (req: Req, viewer: TaskViewer, id: string) => {
    const row = await findTask(db, viewer.scope, id);
    if (!row) throw notFound();
    return presentTask(db, storage, viewer, row, translatorFor(req));
  };

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
      const filter = { box: boxWhere, kind: q.kind ?? 'task', state: q.state ?? 'current', search: q.search, priority: q.priority, executor: q.executor } as const;
      const { rows, total } = await listTasks(db, viewer.scope, filter, q.sort ?? 'deadline_at', page);
      return pageResult(rows.map(toListItem), total, page);
    },
    async listTaskExecutors(req) {
      const viewer = await viewerOf(req);
      const q = req.query;
      return { data: await listExecutors(db, viewer, { search: q.search, limit: q.limit ?? 200, withContractors: q.kind !== 'quick' }) };
    },
    async createTask(req, reply) {
      const viewer = await viewerOf(req);
      const id = await createTask(db, viewer, req.body);
      return reply.status(201).send(await present(req, viewer, id));
    },
    async getTask(req) {
      return present(req, await viewerOfTask(req), req.params.id);
    },
    async updateTask(req) {
      const viewer = await viewerOfTask(req);
      await updateTask(db, viewer, req.params.id, req.body);
      return present(req, viewer, req.params.id);
    },
    async transitionTask(req) {
      const viewer = await viewerOfTask(req);
      await transitionTask(db, viewer, req.params.id, req.body);
      return present(req, viewer, req.params.id);
    },
    async commentTask(req) {
      const viewer = await viewerOfTask(req);
      await commentTask(db, viewer, req.params.id, req.body.comment);
      return present(req, viewer, req.params.id);
    },
    async uploadTaskFile(req, reply) {
      const viewer = await viewerOfTask(req);
      await uploadTaskFile(db, storage, viewer, req.params.id, uploadOf(req, 'file'));
      return reply.status(201).send(await present(req, viewer, req.params.id));
    },
  };
}
