import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthedUser } from '../auth/sessions';
import { contractViewerOrNull } from '../contracts/access';
import { expiringBadge } from '../contracts/queries';
import { unreadBadge } from '../notifications/inbox';
import { viewerOrNull } from '../requests/access';
import { requestBadges } from '../requests/queries';
import { incomingBadge } from '../tasks/queries';
import { violationViewerOrNull } from '../violations/access';
import { violationBadges } from '../violations/queries';
import { questionnaireBadges } from '../waiting-list/queries';

const none = sql<number>`0`.mapWith(Number);

/**
 * The navigation's badges (spec §7 /user-menu/counts). Each module adds its own keys here as scalar
 * counts, read together in one statement: every page load asks for them. A caller without access to a
 * module gets 0 for it rather than an error, so the menu always loads.
 */
export async function menuCounts(db: Db, user: AuthedUser): Promise<Record<string, number>> {
  const [viewer, questionnaires, violationViewer, contractViewer] = await Promise.all([
    viewerOrNull(db, user),
    questionnaireBadges(db, user),
    violationViewerOrNull(db, user),
    contractViewerOrNull(db, user),
  ]);
  const [row] = await db
    .select({
      ...(viewer ? requestBadges(db, viewer.scope) : { requests_new: none, requests_overdue: none }),
      tasks_incoming: incomingBadge(db, user.id),
      ...(questionnaires ?? { questionnaires_new: none }),
      notifications_unread: unreadBadge(db, user.id),
      ...(violationViewer ? violationBadges(db, violationViewer.scope) : { violations_overdue: none, violations_disputed: none, violations_issued: none }),
      contracts_expiring: contractViewer ? expiringBadge(db, contractViewer.scope) : none,
    })
    .from(sql`(values (0)) as menu`);
  return row ?? {};
}
