import { and, eq, type SQL } from 'drizzle-orm';
import type { components } from '#/api/schema';
import { socialUrlProblem } from '#/shared/social-networks';
import type { Db } from '../../db/client';
import { socialLinks } from '../../db/schema';
import { AppError, invalidField, notFound } from '../../http/errors';
import { changeRecordStatus } from '../../workflow/record-status';
import { findSocialLink, type SocialLinkRow } from './queries';

type SocialLinkInput = components['schemas']['SocialLinkInput'];

/** The url rules the contract cannot say (src/shared/social-networks.ts, also checked by the SPA). */
function checkInput(input: SocialLinkInput): { url: string; title: string | null } {
  const url = input.url.trim();
  const problem = socialUrlProblem(input.network, url);
  if (problem?.kind === 'url') throw invalidField('url', (ll) => ll.validation.url());
  if (problem?.kind === 'host') {
    const network = input.network;
    throw invalidField('url', (ll) => ll.validation.socialHost({ network: ll.socialLinks.networks[network](), hosts: problem.hosts }));
  }
  return { url, title: input.title?.trim() ? input.title.trim() : null };
}

export async function createSocialLink(db: Db, landlordId: string, input: SocialLinkInput): Promise<SocialLinkRow> {
  const values = checkInput(input);
  const [row] = await db
    .insert(socialLinks)
    .values({ ...values, network: input.network, landlordId })
    .returning();
  if (!row) throw new Error('social link not created');
  return row;
}

export async function updateSocialLink(db: Db, scope: SQL | undefined, id: string, input: SocialLinkInput): Promise<SocialLinkRow> {
  const values = checkInput(input);
  const current = await findSocialLink(db, scope, id);
  if (!current) throw notFound();
  if (current.status !== 'active') throw new AppError(409, 'invalid_state');
  const [row] = await db
    .update(socialLinks)
    .set({ ...values, network: input.network, updatedAt: new Date() })
    .where(and(eq(socialLinks.id, id), eq(socialLinks.status, 'active')))
    .returning();
  if (!row) throw new AppError(409, 'invalid_state'); // deleted meanwhile
  return row;
}

/** Delete or restore as machines/record.ts allows. */
export async function changeSocialLinkStatus(db: Db, scope: SQL | undefined, id: string, event: 'record.delete' | 'record.restore'): Promise<SocialLinkRow> {
  const current = await findSocialLink(db, scope, id);
  if (!current) throw notFound();
  return changeRecordStatus(db, socialLinks, id, current.status, event);
}
