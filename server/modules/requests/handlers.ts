import { almatyToday } from '../../../src/shared/almaty';
import type { Deps } from '../../deps';
import { callerOf, requireRole } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { forbidden, invalidField, notFound } from '../../http/errors';
import { localeOf, translatorFor } from '../../http/i18n';
import { pageOf, pageResult } from '../../http/pagination';
import { openToVisitors, type UploadGate, uploadOf } from '../../http/uploads';
import { sendXlsx } from '../../http/xlsx-stream';
import { recordHandlers } from '../../workflow/handlers';
import { staffMay, type Viewer, viewerOf } from './access';
import {
  createType,
  listLandlordTypes,
  listTypes,
  RENTER_KIND,
  requestKinds,
  setTypesShown,
  shownTypes,
  toRequestTypeDto,
  updateLandlordType,
  updateType,
} from './catalogue';
import { presentDetail } from './detail';
import { exportRequestsXlsx } from './export';
import { rateRequest, setFollowing } from './feedback';
import { requestTakingFiles, uploadRequestFile } from './files';
import { centre, submitVisitorRequest, visitorForm } from './public';
import { qrCodeFor } from './qrcode';
import { listRequests, toListItem } from './queries';
import { createRequest, updateRequest } from './service';
import { commentRequest, requestIn, transitionRequest } from './transitions';

type Ops =
  | 'listLandlordRequestTypes'
  | 'setRequestTypeShown'
  | 'updateLandlordRequestType'
  | 'listRequestTypes'
  | 'listRequestTypesOfKind'
  | 'listRequestKinds'
  | 'createRequestType'
  | 'updateRequestType'
  | 'getQrCode'
  | 'listRequests'
  | 'createRequest'
  | 'getRequest'
  | 'updateRequest'
  | 'transitionRequest'
  | 'commentRequest'
  | 'rateRequest'
  | 'followRequest'
  | 'unfollowRequest'
  | 'uploadRequestFile'
  | 'exportRequests';
type Req = Parameters<typeof callerOf>[0] & Parameters<typeof localeOf>[0];

/** The requests journal, its type catalogue and settings. */
export function requestHandlers({ db, storage, config, links }: Deps): HandlersOf<Ops> {
  const journal = journalOf(db);
  const present = async (req: Req, viewer: Viewer, id: string) => presentDetail(db, links, viewer, await requestIn(db, viewer, id), localeOf(req));
  const request = recordHandlers(db, { viewer: journal, newViewer: journal, present, transition: transitionRequest, comment: commentRequest });
  /** The landlord whose type settings are read or kept; `settings` needs `requests` main (or the landlord). */
  const settingsLandlord = async (req: Req, action: 'read' | 'settings', requested?: string): Promise<string> => {
    const user = callerOf(req);
    if (user.role === 'superadmin') {
      if (!requested) throw invalidField('landlord_id', (ll) => ll.validation.required());
      return requested;
    }
    requireRole(user, 'landlord', 'employee');
    if (!staffMay(await viewerOf(db, user), action)) throw forbidden();
    return user.landlordId as string;
  };

  return {
    async listLandlordRequestTypes(req) {
      return listLandlordTypes(db, await settingsLandlord(req, 'read', req.query.landlord_id), localeOf(req));
    },
    async setRequestTypeShown(req, reply) {
      const user = callerOf(req);
      const landlordId = await settingsLandlord(req, 'settings', req.params.id);
      // Another landlord's id is simply not found for everyone but the superadmin.
      if (user.role !== 'superadmin' && landlordId !== req.params.id) throw notFound();
      await setTypesShown(db, landlordId, req.body as { id: string; show: 0 | 1 }[]);
      return reply.status(204).send();
    },
    async updateLandlordRequestType(req, reply) {
      const { landlord_id: requested, ...input } = req.body;
      await updateLandlordType(db, await settingsLandlord(req, 'settings', requested), req.params.id, input);
      return reply.status(204).send();
    },
    async listRequestTypes(req) {
      callerOf(req);
      return (await listTypes(db)).map((t) => toRequestTypeDto(t, localeOf(req)));
    },
    async listRequestTypesOfKind(req) {
      const user = callerOf(req);
      const kind = req.params.kind ?? RENTER_KIND;
      const rows = user.role === 'renter' && user.landlordId ? await shownTypes(db, user.landlordId, kind) : await listTypes(db, kind);
      return rows.map((t) => toRequestTypeDto(t, localeOf(req)));
    },
    async listRequestKinds(req) {
      callerOf(req);
      return requestKinds(translatorFor(req));
    },
    async createRequestType(req, reply) {
      return reply.status(201).send(toRequestTypeDto(await createType(db, req.body), localeOf(req)));
    },
    async updateRequestType(req) {
      return toRequestTypeDto(await updateType(db, req.params.id, req.body), localeOf(req));
    },
    async getQrCode(req) {
      const user = callerOf(req);
      if (user.role !== 'superadmin') await settingsLandlord(req, 'settings');
      return qrCodeFor(db, user, config.publicUrl, req.query.object_id);
    },
    async listRequests(req) {
      const viewer = await journal(req);
      const { page: _p, limit: _l, sort, landlord_id, nocache: _n, ...filter } = req.query as typeof req.query & { nocache?: unknown };
      const page = pageOf(req.query, 20);
      const landlordId = viewer.user.role === 'superadmin' ? landlord_id : undefined;
      const { rows, total, exact } = await listRequests(db, viewer.scope, { ...filter, landlordId }, sort ?? '-created_at', page);
      return pageResult(
        rows.map((r) => toListItem(r, localeOf(req))),
        total,
        page,
        exact,
      );
    },
    createRequest: request.created((viewer, req) => createRequest(db, viewer, req.body)),
    getRequest: request.show,
    transitionRequest: request.transition,
    commentRequest: request.comment,
    rateRequest: request.after((viewer, req) => rateRequest(db, viewer, req.params.id, req.body)),
    followRequest: request.after((viewer, req) => setFollowing(db, viewer, req.params.id, true)),
    unfollowRequest: request.after((viewer, req) => setFollowing(db, viewer, req.params.id, false)),
    updateRequest: request.after((viewer, req) => updateRequest(db, viewer, req.params.id, req.body)),
    uploadRequestFile: request.added((viewer, req) =>
      uploadRequestFile(db, storage, viewer, req.params.id, (req.body as { kind: 'photo' | 'report' }).kind, uploadOf(req, 'file')),
    ),
    async exportRequests(req, reply) {
      const viewer = await journal(req);
      const stream = await exportRequestsXlsx(db, viewer.scope, req.body ?? {}, translatorFor(req), localeOf(req));
      return sendXlsx(reply, stream, `requests-${almatyToday()}`);
    },
  };
}

/** The journal's reader: staff with `requests` read, or a renter (its own requests). */
const journalOf = (db: Deps['db']) => async (req: Req) => {
  const viewer = await viewerOf(db, callerOf(req));
  if (viewer.kind === 'staff' && !staffMay(viewer, 'read')) throw forbidden();
  return viewer;
};

/** A request's file is read only for a caller who may add one (files.ts); a visitor's photo only for a centre that exists. */
export const requestUploadGates = ({ db }: Deps): Record<string, UploadGate> => ({
  uploadRequestFile: async (req) => requestTakingFiles(db, await journalOf(db)(req), (req.params as { id: string }).id),
  createVisitorRequest: async (req) => {
    await openToVisitors(req);
    return centre(db, (req.params as { objectId: string }).objectId);
  },
});

/** The public QR page of a centre (no session; the POST is rate-limited by the `publicForm` policy). */
export function visitorRequestHandlers({ db, storage }: Deps): HandlersOf<'getVisitorRequestForm' | 'createVisitorRequest'> {
  return {
    async getVisitorRequestForm(req) {
      return visitorForm(db, req.params.objectId, localeOf(req));
    },
    async createVisitorRequest(req, reply) {
      const form = req.body as { name: string; phone: string; type_id: string; description: string };
      const created = await submitVisitorRequest(db, storage, req.params.objectId, form, uploadOf(req, 'photo'));
      return reply.status(201).send(created);
    },
  };
}
