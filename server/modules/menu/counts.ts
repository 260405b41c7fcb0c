import type { Db } from '../../db/client';
import type { AuthedUser } from '../auth/sessions';
import { viewerOrNull } from '../requests/access';
import { countRequests } from '../requests/queries';
import { countIncoming } from '../tasks/queries';
import { questionnaireCounts } from '../waiting-list/queries';

/**
 * The navigation's badges (spec §7 /user-menu/counts). Each module adds its own keys here; a caller
 * without access to a module gets 0 for it rather than an error, so the menu always loads.
 */
export async function menuCounts(db: Db, user: AuthedUser): Promise<Record<string, number>> {
  const viewer = await viewerOrNull(db, user);
  const requests = viewer ? await countRequests(db, viewer.scope) : { requests_new: 0, requests_overdue: 0 };
  return { ...requests, tasks_incoming: await countIncoming(db, user.id), ...(await questionnaireCounts(db, user)) };
}
