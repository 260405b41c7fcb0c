import type { AuthedUser } from '../../auth/sessions';
import type { Deps } from '../../deps';
import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { notFound } from '../../http/errors';
import { localeOf } from '../../http/i18n';
import { pageOf, pageResult } from '../../http/pagination';
import { restorePassword } from '../auth/service';
import { findLandlord, listLandlords } from './queries';
import { changeLandlordStatus, createLandlord, updateLandlord } from './service';

type Ops = 'listLandlords' | 'createLandlord' | 'getLandlord' | 'updateLandlord' | 'deleteLandlord' | 'restoreLandlord';

/** The superadmin reaches every landlord; a landlord only its own card, and any other id is not found. */
function ownCard(user: AuthedUser, id: string): void {
  if (user.role === 'landlord' && user.landlordId !== id) throw notFound();
}

/** Landlords register (/landlords): the superadmin's, plus each landlord's own card. */
export function landlordHandlers({ db, mailer, config }: Deps): HandlersOf<Ops> {
  const present = async (id: string) => {
    const row = await findLandlord(db, id);
    if (!row) throw notFound();
    return row;
  };

  return {
    async listLandlords(req) {
      const page = pageOf(req.query, 20);
      const { rows, total } = await listLandlords(db, { search: req.query.search, status: req.query.status }, req.query.sort ?? 'name', page);
      return pageResult(rows, total, page);
    },
    async createLandlord(req, reply) {
      const id = await createLandlord(db, { ...req.body, language: req.body.language ?? localeOf(req) });
      await restorePassword(db, mailer, config.publicUrl, req.body.username);
      return reply.status(201).send(await present(id));
    },
    async getLandlord(req) {
      ownCard(callerOf(req), req.params.id);
      return present(req.params.id);
    },
    async updateLandlord(req) {
      ownCard(callerOf(req), req.params.id);
      await updateLandlord(db, req.params.id, req.body);
      return present(req.params.id);
    },
    async deleteLandlord(req, reply) {
      await changeLandlordStatus(db, req.params.id, 'record.delete');
      return reply.status(204).send();
    },
    async restoreLandlord(req) {
      await changeLandlordStatus(db, req.params.id, 'record.restore');
      return present(req.params.id);
    },
  };
}
