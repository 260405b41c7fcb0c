import { and, eq } from 'drizzle-orm';
import { authorize } from '../../auth/authorize';
import type { AccessAction } from '../../auth/levels';
import { socialLinks } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf, landlordForWrite, scopeTo } from '../../http/caller';
import type { HandlersOf, OpRequest } from '../../http/contract';
import { notFound } from '../../http/errors';
import { pageOf, pageResult } from '../../http/pagination';
import { findSocialLink, listSocialLinks, toSocialLinkDto } from './queries';
import { changeSocialLinkStatus, createSocialLink, updateSocialLink } from './service';

type Ops = 'listSocialLinks' | 'createSocialLink' | 'getSocialLink' | 'updateSocialLink' | 'deleteSocialLink' | 'restoreSocialLink';

/** Social links register: the landlord's and its employees' (per grant); renters read their landlord's active links. */
export function socialLinkHandlers({ db }: Deps): HandlersOf<Ops> {
  const guard = async (req: Pick<OpRequest<'getSocialLink'>, 'user'>, action: AccessAction) => {
    const user = callerOf(req);
    // A renter sees the social links of its landlord, only the active ones, and changes nothing.
    const renterReads = user.role === 'renter' && action === 'read';
    if (!renterReads) await authorize(db, user, 'social_links', action);
    return { user, scope: scopeTo(user, socialLinks.landlordId), activeOnly: renterReads };
  };

  return {
    async listSocialLinks(req) {
      const { user, scope, activeOnly } = await guard(req, 'read');
      const q = req.query;
      const page = pageOf(q, 20);
      const filter = {
        scope,
        search: q.search,
        status: activeOnly ? ('active' as const) : q.status,
        network: q.network,
        landlordId: user.role === 'superadmin' ? q.landlord_id : undefined,
      };
      const { rows, total } = await listSocialLinks(db, filter, q.sort ?? 'created_at', page);
      return pageResult(rows.map(toSocialLinkDto), total, page);
    },
    async createSocialLink(req, reply) {
      const { user } = await guard(req, 'create');
      const { landlord_id, ...input } = req.body;
      const row = await createSocialLink(db, landlordForWrite(user, landlord_id), input);
      return reply.status(201).send(toSocialLinkDto(row));
    },
    async getSocialLink(req) {
      const { scope, activeOnly } = await guard(req, 'read');
      const row = await findSocialLink(db, activeOnly ? and(scope, eq(socialLinks.status, 'active')) : scope, req.params.id);
      if (!row) throw notFound();
      return toSocialLinkDto(row);
    },
    async updateSocialLink(req) {
      const { scope } = await guard(req, 'update');
      return toSocialLinkDto(await updateSocialLink(db, scope, req.params.id, req.body));
    },
    async deleteSocialLink(req, reply) {
      const { scope } = await guard(req, 'delete');
      await changeSocialLinkStatus(db, scope, req.params.id, 'record.delete');
      return reply.status(204).send();
    },
    async restoreSocialLink(req) {
      const { scope } = await guard(req, 'delete');
      return toSocialLinkDto(await changeSocialLinkStatus(db, scope, req.params.id, 'record.restore'));
    },
  };
}
