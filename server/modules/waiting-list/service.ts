import { and, eq, type SQL } from 'drizzle-orm';
import { type QuestionnaireEventType, questionnaireActions } from '../../../machines/questionnaire';
import type { components } from '../../../src/api/schema';
import type { Locales } from '../../../src/i18n/i18n-types';
import type { Db, Tx } from '../../db/client';
import { formLinks, objects, questionnaireFiles, questionnaires } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { removeStored, type Storage } from '../../storage/storage';
import { actorOf, recordHistory } from '../../workflow/history';
import { applyTransition } from '../../workflow/transition';
import { createRenter } from '../renters/service';
import type { QuestionnaireViewer } from './access';
import { findQuestionnaire } from './queries';
import { questionnaireHistory, questionnaireWorkflow } from './workflow';

/** The object's form link, made once: a second call (or a concurrent one) answers the same link. */
export async function formLinkOf(db: Db | Tx, scope: SQL | undefined, objectId: string): Promise<string> {
  const [object] = await db
    .select({ id: objects.id, landlordId: objects.landlordId })
    .from(objects)
    .where(and(scope, eq(objects.id, objectId)));
  if (!object) throw notFound();
  await db.insert(formLinks).values({ landlordId: object.landlordId, objectId }).onConflictDoNothing({ target: formLinks.objectId });
  const [link] = await db.select({ id: formLinks.id }).from(formLinks).where(eq(formLinks.objectId, objectId));
  if (!link) throw new Error('form link not created');
  return link.id;
}

/** One event of machines/questionnaire.ts through the kit (the UPDATE is guarded by the status read: a race is a 409). */
export async function transitionQuestionnaire(db: Db, viewer: QuestionnaireViewer, id: string, event: QuestionnaireEventType): Promise<void> {
  const row = await findQuestionnaire(db, viewer.scope, id);
  if (!row) throw notFound();
  await applyTransition(db, questionnaireWorkflow, viewer, row.q, { event });
}

/** Hard delete (no restore): the rows in one transaction, then the stored files. */
export async function deleteQuestionnaire(db: Db, storage: Storage, scope: SQL | undefined, id: string): Promise<void> {
  const row = await findQuestionnaire(db, scope, id);
  if (!row) throw notFound();
  const keys = await db.transaction(async (tx) => {
    const files = await tx.delete(questionnaireFiles).where(eq(questionnaireFiles.questionnaireId, id)).returning({ key: questionnaireFiles.key });
    await tx.delete(questionnaires).where(eq(questionnaires.id, id));
    return files.map((f) => f.key);
  });
  await removeStored(storage, keys);
}

type RenterCreate = components['schemas']['RenterCreate'];

/**
 * "Make renter": the renter is created by the renters module's own createRenter (same rules, same
 * login), nested in this transaction, which holds the questionnaire's row lock, so two clicks make one renter.
 */
export async function makeRenter(
  db: Db,
  viewer: QuestionnaireViewer,
  id: string,
  input: Omit<RenterCreate, 'landlord_id'> & { language: Locales },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [q] = await tx
      .select()
      .from(questionnaires)
      .where(and(viewer.scope, eq(questionnaires.id, id)))
      .for('update');
    if (!q) throw notFound();
    if (q.renterId || !questionnaireActions(q.status, 'registrar').includes('questionnaire.make_renter')) throw new AppError(409, 'invalid_state');
    const renterId = await createRenter(tx, q.landlordId, input);
    const now = new Date();
    await tx.update(questionnaires).set({ renterId, updatedAt: now }).where(eq(questionnaires.id, id));
    // The status stays (the machine re-enters it); the entry ends the step it was in for the report.
    await recordHistory(tx, questionnaireHistory, id, actorOf(viewer), {
      event: 'questionnaire.make_renter',
      fromStatus: q.status,
      toStatus: q.status,
      createdAt: now,
    });
    return renterId;
  });
}
