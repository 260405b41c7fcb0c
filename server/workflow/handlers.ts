import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';

type OnRecord = { params: { id: string } };
type Work<V, R> = (viewer: V, req: R) => Promise<unknown>;

/**
 * The calls every module with a lifecycle answers the same way: resolve the viewer, do the work on the
 * record, and answer the record as this viewer now sees it (its status, history, files and actions).
 * A module supplies how it resolves a viewer (for a record, and for a new one), presents a record,
 * and its transition and comment (its kit calls, with what differs).
 */
export function recordHandlers<Q, V, D, T>(
  db: Db,
  o: {
    viewer(req: Q & OnRecord): Promise<V>;
    newViewer(req: Q): Promise<V>;
    present(req: Q, viewer: V, id: string): Promise<D>;
    transition(db: Db, viewer: V, id: string, input: T): Promise<unknown>;
    comment(db: Db, viewer: V, id: string, comment: string): Promise<unknown>;
  },
) {
  const after =
    <R extends Q & OnRecord>(work: Work<V, R>) =>
    async (req: R): Promise<D> => {
      const viewer = await o.viewer(req);
      await work(viewer, req);
      return o.present(req, viewer, req.params.id);
    };
  return {
    show: async (req: Q & OnRecord): Promise<D> => o.present(req, await o.viewer(req), req.params.id),
    /** Work on the record, then the record (200). */
    after,
    transition: after<Q & OnRecord & { body: T }>((viewer, req) => o.transition(db, viewer, req.params.id, req.body)),
    comment: after<Q & OnRecord & { body: { comment: string } }>((viewer, req) => o.comment(db, viewer, req.params.id, req.body.comment)),
    /** Something added to the record (a file), then the record (201). */
    added:
      <R extends Q & OnRecord>(work: Work<V, R>) =>
      async (req: R, reply: FastifyReply): Promise<FastifyReply> => {
        const viewer = await o.viewer(req);
        await work(viewer, req);
        return reply.status(201).send(await o.present(req, viewer, req.params.id));
      },
    /** A new record (`make` answers its id), then the record (201). */
    created:
      <R extends Q>(make: (viewer: V, req: R) => Promise<string>) =>
      async (req: R, reply: FastifyReply): Promise<FastifyReply> => {
        const viewer = await o.newViewer(req);
        return reply.status(201).send(await o.present(req, viewer, await make(viewer, req)));
      },
  };
}
