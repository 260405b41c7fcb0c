import { type SQL, sql } from 'drizzle-orm';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { fragmentKey, kept } from '../../db/kept';
import { contractViewerOrNull } from '../contracts/access';
import { expiringBadge } from '../contracts/queries';
import { unreadBadge } from '../notifications/inbox';
import { viewerOrNull } from '../requests/access';
import { requestBadges } from '../requests/queries';
import { incomingBadge } from '../tasks/queries';
import { violationViewerOrNull } from '../violations/access';
import { violationBadges } from '../violations/queries';
import { questionnaireBadgeScope, questionnaireBadges } from '../waiting-list/queries';

const none = sql<number>`0`.mapWith(Number);
type Scoped = { scope: SQL | undefined } | null;

function statementOf(db: Db, user: AuthedUser, [requests, questionnaires, violations, contracts]: Scoped[]) {
  return db
    .select({
      ...(requests ? requestBadges(db, requests.scope) : { requests_new: none, requests_overdue: none }),
      tasks_incoming: incomingBadge(db, user.id),
      ...(questionnaires ? questionnaireBadges(db, questionnaires.scope) : { questionnaires_new: none }),
      notifications_unread: unreadBadge(db, user.id),
      ...(violations ? violationBadges(db, violations.scope) : { violations_overdue: none, violations_disputed: none, violations_issued: none }),
      contracts_expiring: contracts ? expiringBadge(db, contracts.scope) : none,
    })
    .from(sql`(values (0)) as menu`)
    .prepare('');
}

/**
 * The navigation's badges (spec §7 /user-menu/counts). Each module adds its own keys here as scalar
 * counts, read together in one statement: every page load asks for them. A caller without access to a
 * module gets 0 for it rather than an error, so the menu always loads.
 */
export async function menuCounts(db: Db, user: AuthedUser): Promise<Record<string, number>> {
  const scoped = await Promise.all([
    viewerOrNull(db, user),
    questionnaireBadgeScope(db, user),
    violationViewerOrNull(db, user),
    contractViewerOrNull(db, user),
  ]);
  // Built once per caller and what each module lets it see (db/kept.ts): anything a scope reads (grants,
  // the renter's row, the executor's employee) makes a new key.
  const key = `menu|${user.id}|${scoped.map((s) => (s ? fragmentKey(s.scope) : '-')).join('|')}`;
  const [row] = await kept(db, key, () => statementOf(db, user, scoped)).execute();
  return row ?? {};
}
