import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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
 * The badges' statement, built once per caller and per what each module lets it see. Building nine
 * counts with drizzle cost more than PostgreSQL answering them (a third of the call at a million
 * requests). The key is the caller and each module's scope as SQL text and values, so anything a
 * scope reads (grants, the renter's row, the executor's employee) builds it anew when it changes.
 * Kept per database (a statement is bound to its pool), and emptied when full.
 */
const statementsOf = new WeakMap<Db, Map<string, ReturnType<typeof statementOf>>>();
const STATEMENTS_KEPT = 5_000;
const dialect = new PgDialect({ casing: 'snake_case' });
const keyOf = (scoped: Scoped) => {
  if (!scoped) return '-';
  if (!scoped.scope) return '*';
  const { sql: text, params } = dialect.sqlToQuery(scoped.scope);
  return `${text}${JSON.stringify(params)}`;
};

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
  const key = `${user.id}|${scoped.map(keyOf).join('|')}`;
  const statements = statementsOf.get(db) ?? new Map();
  statementsOf.set(db, statements);
  let statement = statements.get(key);
  if (!statement) {
    if (statements.size >= STATEMENTS_KEPT) statements.clear();
    statement = statementOf(db, user, scoped);
    statements.set(key, statement);
  }
  const [row] = await statement.execute();
  return row ?? {};
}
