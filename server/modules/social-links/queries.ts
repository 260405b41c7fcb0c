import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Db } from '../../db/client';
import { socialLinks } from '../../db/schema';
import { likeAny, likePattern, pageWithTotal } from '../../http/pagination';

export type SocialLinkDto = components['schemas']['SocialLink'];
export type SocialLinkRow = typeof socialLinks.$inferSelect;
export type SocialNetwork = SocialLinkRow['network'];
export type SocialLinkSort = 'created_at' | '-created_at' | 'network';
export type SocialLinkFilter = {
  scope: SQL | undefined;
  search?: string;
  status?: 'active' | 'deleted';
  network?: SocialNetwork;
  landlordId?: string;
};

export function toSocialLinkDto(row: SocialLinkRow): SocialLinkDto {
  return { id: row.id, network: row.network, url: row.url, title: row.title, status: row.status, created_at: row.createdAt.toISOString() };
}

/** The list's WHERE: scope, status (active by default), network, search over url and title. */
function linkWhere({ scope, search, status = 'active', network, landlordId }: SocialLinkFilter): SQL | undefined {
  const pattern = likePattern(search);
  return and(
    scope,
    landlordId ? eq(socialLinks.landlordId, landlordId) : undefined,
    eq(socialLinks.status, status),
    network ? eq(socialLinks.network, network) : undefined,
    likeAny(pattern, [socialLinks.url, socialLinks.title]),
  );
}

// The landlord's order of creation is the order renters see; `network` groups them by enum order.
const order: Record<SocialLinkSort, SQL[]> = {
  created_at: [asc(socialLinks.createdAt), asc(socialLinks.id)],
  '-created_at': [desc(socialLinks.createdAt), desc(socialLinks.id)],
  network: [asc(socialLinks.network), asc(socialLinks.createdAt), asc(socialLinks.id)],
};

export async function listSocialLinks(db: Db, filter: SocialLinkFilter, sort: SocialLinkSort, page: { limit: number; offset: number }) {
  const where = linkWhere(filter);
  return pageWithTotal(
    db,
    { name: 'social-links', where, sort },
    () => db.select().from(socialLinks).where(where).$dynamic(),
    [...order[sort]],
    page,
    () => db.select({ n: count() }).from(socialLinks).where(where),
  );
}

/** One link inside the caller's scope, or undefined (the handler answers 404). */
export async function findSocialLink(db: Db, scope: SQL | undefined, id: string): Promise<SocialLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(socialLinks)
    .where(and(scope, eq(socialLinks.id, id)))
    .limit(1);
  return row;
}
