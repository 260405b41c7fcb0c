import type { Deps } from '../../../deps';
import { callerOf } from '../../../http/caller';
import type { HandlersOf } from '../../../http/contract';
import { forbidden } from '../../../http/errors';
import { localeOf } from '../../../http/i18n';
import { staffMay, viewerOf } from '../access';
import { presentDetail } from '../detail';
import { requestIn } from '../transitions';
import { setPriority } from './on-request';
import { addHoliday, deleteHoliday, readSla, saveSlaSettings, saveTypeSla } from './settings';

type Ops = 'getRequestSla' | 'updateRequestSla' | 'addSlaHoliday' | 'deleteSlaHoliday' | 'updateRequestTypeSla' | 'setRequestPriority';
type Req = Parameters<typeof callerOf>[0];

/** The SLA in Settings (read: `requests` ≥ view; change: the landlord or `requests` main) and a request's priority. */
export function slaHandlers({ db, links }: Deps): HandlersOf<Ops> {
  /** The caller's landlord, once its level in requests allows `what` (x-roles lets only landlords and employees in). */
  const landlordOf = async (req: Req, what: 'read' | 'settings') => {
    const user = callerOf(req);
    if (!staffMay(await viewerOf(db, user), what) || !user.landlordId) throw forbidden();
    return user.landlordId;
  };
  return {
    async getRequestSla(req) {
      return readSla(db, await landlordOf(req, 'read'), localeOf(req));
    },
    async updateRequestSla(req) {
      const landlordId = await landlordOf(req, 'settings');
      await saveSlaSettings(db, landlordId, req.body);
      return readSla(db, landlordId, localeOf(req));
    },
    async addSlaHoliday(req, reply) {
      return reply.status(201).send(await addHoliday(db, await landlordOf(req, 'settings'), req.body));
    },
    async deleteSlaHoliday(req, reply) {
      await deleteHoliday(db, await landlordOf(req, 'settings'), req.params.id);
      return reply.status(204).send();
    },
    async updateRequestTypeSla(req) {
      const landlordId = await landlordOf(req, 'settings');
      await saveTypeSla(db, landlordId, req.params.id, req.body);
      return readSla(db, landlordId, localeOf(req));
    },
    async setRequestPriority(req) {
      const viewer = await viewerOf(db, callerOf(req));
      await setPriority(db, viewer, await requestIn(db, viewer, req.params.id), req.body.priority);
      return presentDetail(db, links, viewer, await requestIn(db, viewer, req.params.id), localeOf(req));
    },
  };
}
