import { authorize } from '../../auth/authorize';
import type { AuthedUser } from '../../auth/sessions';
import { renters } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf, landlordForWrite, scopeTo } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { notFound } from '../../http/errors';
import { localeOf } from '../../http/i18n';
import { pageOf, pageResult } from '../../http/pagination';
import { restorePassword } from '../auth/service';
import { findRenter, landlordOfRoom, listRenters, renterById, renterOfUser, roomOptions, toRenterDto } from './queries';
import { changeRenterStatus, createRenter, roomNotFound, updateRenter } from './service';

type Ops = 'listRenters' | 'createRenter' | 'getMyRenter' | 'listRenterRoomOptions' | 'getRenter' | 'updateRenter' | 'deleteRenter' | 'restoreRenter';

/** Renters register: every call authorised per grant (module `renters`) and scoped to the landlord. */
export function renterHandlers({ db, mailer, config }: Deps): HandlersOf<Ops> {
  const guard = async (req: { user: AuthedUser | null }, action: 'read' | 'create' | 'update' | 'delete') => {
    const user = callerOf(req);
    await authorize(db, user, 'renters', action);
    return { user, scope: scopeTo(user, renters.landlordId) };
  };
  const present = async (scope: Awaited<ReturnType<typeof guard>>['scope'], id: string) => {
    const row = await findRenter(db, renterById(scope, id));
    if (!row) throw notFound();
    return toRenterDto(row);
  };

  return {
    async listRenters(req) {
      const { scope, user } = await guard(req, 'read');
      const q = req.query;
      const page = pageOf(q, 20);
      const landlordId = user.role === 'superadmin' ? q.landlord_id : undefined;
      const filter = { scope, search: q.search, status: q.status, landlordId, objectId: q.object_id };
      const { rows, total, exact } = await listRenters(db, filter, q.sort ?? 'legal_name', page);
      return pageResult(rows.map(toRenterDto), total, page, exact);
    },
    async createRenter(req, reply) {
      const { user, scope } = await guard(req, 'create');
      const { landlord_id: requested, ...input } = req.body;
      // The superadmin may name the landlord, or let the chosen room say whose renter this is.
      const landlordId = user.role === 'superadmin' && !requested ? await landlordOfRoom(db, input.room_id) : landlordForWrite(user, requested);
      if (!landlordId) throw roomNotFound();
      const id = await createRenter(db, landlordId, { ...input, language: input.language ?? localeOf(req) });
      await restorePassword(db, mailer, config.publicUrl, input.username);
      return reply.status(201).send(await present(scope, id));
    },
    async getMyRenter(req) {
      const user = callerOf(req);
      const row = await findRenter(db, renterOfUser(user.id));
      if (!row) throw notFound();
      return toRenterDto(row);
    },
    async listRenterRoomOptions(req) {
      const { user } = await guard(req, 'read');
      return roomOptions(db, user.role === 'superadmin' ? req.query.landlord_id : (user.landlordId ?? undefined));
    },
    async getRenter(req) {
      const { scope } = await guard(req, 'read');
      return present(scope, req.params.id);
    },
    async updateRenter(req) {
      const { scope } = await guard(req, 'update');
      await updateRenter(db, scope, req.params.id, req.body);
      return present(scope, req.params.id);
    },
    async deleteRenter(req, reply) {
      const { scope } = await guard(req, 'delete');
      await changeRenterStatus(db, scope, req.params.id, 'record.delete');
      return reply.status(204).send();
    },
    async restoreRenter(req) {
      const { scope } = await guard(req, 'delete');
      return toRenterDto(await changeRenterStatus(db, scope, req.params.id, 'record.restore'));
    },
  };
}
