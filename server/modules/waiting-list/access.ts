import { type QuestionnaireActor, type QuestionnaireEventType, questionnaireActions } from '../../../machines/questionnaire';
import type { Db } from '../../db/client';
import type { questionnaires } from '../../db/schema';
import { employeeLevel } from '../access/authorize';
import { levelAllows } from '../access/levels';
import type { AuthedUser } from '../auth/sessions';

/**
 * What the caller may do to questionnaires, resolved once per call with the same rules the handlers
 * enforce (`authorize`): transitions need `waiting_list` update, delete needs `waiting_list` delete,
 * "make renter" needs `waiting_list` update and `renters` create. The landlord and the superadmin may
 * do everything; a renter never gets this far (no read).
 */
export type QuestionnaireRights = { update: boolean; delete: boolean; makeRenter: boolean };

export async function questionnaireRightsOf(db: Db, user: AuthedUser): Promise<QuestionnaireRights> {
  if (user.role === 'superadmin' || user.role === 'landlord') return { update: true, delete: true, makeRenter: true };
  if (user.role !== 'employee') return { update: false, delete: false, makeRenter: false };
  const [waitingList, renters] = await Promise.all([employeeLevel(db, user.id, 'waiting_list'), employeeLevel(db, user.id, 'renters')]);
  const update = levelAllows(waitingList, 'update');
  return { update, delete: levelAllows(waitingList, 'delete'), makeRenter: update && levelAllows(renters, 'create') };
}

type Row = Pick<typeof questionnaires.$inferSelect, 'status' | 'renterId'>;

/** Who the caller is to machines/questionnaire.ts: a registrar may also make renters; null may send nothing. */
export const actorOf = (rights: QuestionnaireRights): QuestionnaireActor | null => (rights.makeRenter ? 'registrar' : rights.update ? 'editor' : null);

/** The machine's events from this status that this caller may send now: the buttons the SPA shows. */
export function actionsOn(rights: QuestionnaireRights, q: Row): QuestionnaireEventType[] {
  const by = actorOf(rights);
  if (!by) return [];
  // A questionnaire already made a renter is not made one twice.
  return questionnaireActions(q.status, by).filter((event) => event !== 'questionnaire.make_renter' || !q.renterId);
}
