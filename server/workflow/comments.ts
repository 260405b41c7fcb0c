import type { Db, Tx } from '../db/client';
import { invalidField } from '../http/errors';
import { actorOf, recordHistory } from './history';
import type { Viewer } from './viewer';
import type { Workflow } from './workflow';

/** The history event of a comment on a record of `wf`. */
export const commentEvent = (wf: { name: string }) => `${wf.name}.comment`;

/** A comment is an entry of the history (`commentEvent`); a blank one is refused. */
export async function addComment<R, E extends string, A extends string, V extends Viewer>(
  db: Db | Tx,
  wf: Workflow<R, E, A, V>,
  viewer: V,
  row: R,
  comment: string,
): Promise<void> {
  if (!wf.history) throw new Error(`${wf.name} keeps no history`);
  const body = comment.trim();
  if (!body) throw invalidField('comment', (ll) => ll.validation.required());
  await recordHistory(db, wf.history, wf.keyOf(row).id, actorOf(viewer), {
    event: commentEvent(wf),
    comment: body,
    createdAt: new Date(),
  });
}
