import { type SQL, sql } from 'drizzle-orm';
import type { AuthedUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { kept } from '../../db/kept';
import type { BadgeDeclaration } from '../manifest';
import { placeholderValues, readMenuCaller } from './caller';

const none = sql<number>`0`.mapWith(Number);

function statementOf(db: Db, badges: readonly BadgeDeclaration[], shapes: Array<string | null>) {
  const columns: Record<string, SQL<number>> = {};
  badges.forEach((badge, i) => {
    const shape = shapes[i];
    Object.assign(columns, shape === null || shape === undefined ? Object.fromEntries(badge.keys.map((key) => [key, none])) : badge.counts(db, shape));
  });
  return db.select(columns).from(sql`(values (0)) as menu`).prepare('');
}

/**
 * The navigation's badges: every module's (its manifest's `badges`) as scalar counts, read together in
 * one statement, after the caller's grants (at most one statement): every page load and every live
 * signal asks for them. A caller without access to a module gets 0 for it rather than an error, so the
 * menu always loads. The statement is kept per shape (which scope each module gives), not per user:
 * the caller's ids are its parameters, so the kept statements stay few however many users there are.
 */
export async function menuCounts(db: Db, user: AuthedUser, badges: readonly BadgeDeclaration[]): Promise<Record<string, number>> {
  const caller = await readMenuCaller(db, user);
  const shapes = badges.map((badge) => badge.shape(caller));
  const statement = kept(db, `menu|${shapes.map((s) => s ?? '-').join('|')}`, () => statementOf(db, badges, shapes));
  const [row] = await statement.execute(placeholderValues(caller));
  return (row as Record<string, number> | undefined) ?? {};
}
