import { employeeLevel } from '../../auth/authorize';
import { type AccessAction, levelAllows } from '../../auth/levels';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { questionnaires } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { isBoss, type Viewer, viewerOf } from '../../workflow/viewer';

/**
 * What the caller may do to questionnaires, with the same rules as every register (`authorize`):
 * transitions need `waiting_list` update, delete needs `waiting_list` delete, "make renter" needs
 * `waiting_list` update and `renters` create. The landlord and the superadmin may do everything; a
 * renter never gets this far (no read).
 */
export type QuestionnaireRights = { update: boolean; delete: boolean; makeRenter: boolean };
export type QuestionnaireViewer = Viewer & { rights: QuestionnaireRights };

/** The kit's viewer in `waiting_list`, refused (403) unless its level allows `action`. */
export async function questionnaireViewerOf(db: Db, user: AuthedUser, action: AccessAction): Promise<QuestionnaireViewer> {
  const viewer = await viewerOf(db, user, 'waiting_list', questionnaires.landlordId);
  if (!levelAllows(viewer.level, action)) throw forbidden();
  const update = levelAllows(viewer.level, 'update');
  const registers = isBoss(viewer) || levelAllows(await employeeLevel(db, user.id, 'renters'), 'create');
  return { ...viewer, rights: { update, delete: levelAllows(viewer.level, 'delete'), makeRenter: update && registers } };
}
