import {
  nextQuestionnaireStatus,
  type QuestionnaireActor,
  type QuestionnaireEventType,
  questionnaireActions,
  questionnaireActors,
} from '../../../machines/questionnaire';
import { questionnaireEvents, questionnaireFiles, questionnaires } from '../../db/schema';
import type { Workflow } from '../../workflow/workflow';
import type { QuestionnaireRights, QuestionnaireViewer } from './access';
import { MAX_FILES_PER_SET } from './files';

/** Who the caller is to machines/questionnaire.ts: a registrar may also make renters; null may send nothing. */
export const actorOf = (rights: QuestionnaireRights): QuestionnaireActor | null => (rights.makeRenter ? 'registrar' : rights.update ? 'editor' : null);

/** The kit's history of a questionnaire (also written outside transitions: arrival, "make renter"). */
export const questionnaireHistory = { table: questionnaireEvents, recordKey: 'questionnaireId' };

/**
 * Questionnaires on the workflow kit: machines/questionnaire.ts, their history and the files of the form.
 * The history is written by the kit on every transition, by the form on arrival (public.ts) and by "make
 * renter", which is its own call (service.ts makeRenter), never a transition; a questionnaire already made
 * a renter does not offer it again.
 */
export const questionnaireWorkflow: Workflow<typeof questionnaires.$inferSelect, QuestionnaireEventType, QuestionnaireActor, QuestionnaireViewer> = {
  name: 'questionnaire',
  record: questionnaires,
  keyOf: (q) => ({ id: q.id, status: q.status }),
  history: questionnaireHistory,
  files: {
    table: questionnaireFiles,
    recordKey: 'questionnaireId',
    recordId: questionnaireFiles.questionnaireId,
    prefix: 'questionnaires',
    maxFiles: 2 * MAX_FILES_PER_SET,
  },
  actors: questionnaireActors,
  next(q, event, by) {
    const status = event === 'questionnaire.make_renter' ? null : nextQuestionnaireStatus(q.status, event, by);
    return status && { status };
  },
  events: (q, by) => questionnaireActions(q.status, by).filter((event) => event !== 'questionnaire.make_renter' || !q.renterId),
  sidesOf(viewer) {
    const by = actorOf(viewer.rights);
    return by ? [by] : [];
  },
};
