import type { components } from '../../../src/api/schema';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { addComment } from '../../workflow/comments';
import { applyTransition } from '../../workflow/transition';
import type { ViolationViewer } from './access';
import { findViolation } from './queries';
import { violationWorkflow } from './workflow';

type Transition = components['schemas']['ViolationTransition'];

/** The violation the viewer may see, or 404 (another landlord's, a renter's other ones, a draft for a renter). */
export async function violationIn(db: Db, viewer: ViolationViewer, id: string) {
  const row = await findViolation(db, viewer.scope, id);
  if (!row) throw notFound();
  return row;
}

/** One transition of machines/violation.ts through the kit: 403 wrong side, 409 wrong state; nothing changes on a refusal. */
export async function transitionViolation(db: Db, viewer: ViolationViewer, id: string, input: Transition): Promise<void> {
  await applyTransition(db, violationWorkflow, viewer, await violationIn(db, viewer, id), input);
}

/** A comment in the history: staff who can read the violation, or its renter. */
export async function commentViolation(db: Db, viewer: ViolationViewer, id: string, comment: string): Promise<void> {
  await addComment(db, violationWorkflow, viewer, await violationIn(db, viewer, id), comment);
}
