import type { Db } from '../db/client';
import { invalidField } from '../http/errors';
import { actorOf, recordHistory } from './history';
import type { Viewer } from './viewer';
import type { Workflow } from './workflow';

/** A comment is an entry of the history (`${name}.comment`); a blank one is refused. */
export async function addComment<R, E extends string, A extends string, V extends Viewer>(
  db: Db,
  wf: Workflow<R, E, A, V>,
  viewer: V,
  row: R,
  comment: string,
): Promise<void> {
  if (!wf.history) throw new Error(`${wf.name} keeps no history`);
  const body = comment.trim();
  if (!body) throw invalidField('comment', (ll) => ll.validation.required());
  await recordHistory(db, wf.history, wf.keyOf(row).id, actorOf(viewer), {
    event: `${wf.name}.comment`,
    comment: body,
    createdAt: new Date(),
  });
}
