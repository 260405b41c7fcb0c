import { almatyToday } from '../../../src/shared/almaty';
import { objects } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf, requireRole, scopeTo } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { MEDIA, sendDownload } from '../../http/download';
import { forbidden, invalidField } from '../../http/errors';
import { localeOf, translatorFor } from '../../http/i18n';
import { pageOf, pageResult } from '../../http/pagination';
import { type UploadGate, uploadOf } from '../../http/uploads';
import { sendXlsx } from '../../http/xlsx-stream';
import { recordHandlers } from '../../workflow/handlers';
import { type ContractViewer, contractViewerOf } from './access';
import { presentContract } from './detail';
import { generateDocument, previewTemplate, templateOf, uploadTemplate } from './document';
import { contractTakingFiles, uploadContractFile } from './files';
import { listContracts, roomsOf, toListItem } from './queries';
import { rentRollOf } from './rent-roll';
import { rentRollXlsx } from './rent-roll-xlsx';
import { createContract, expiringDaysOf, renewContract, setExpiringDays, updateContract } from './service';
import { commentContract, contractIn, transitionContract } from './transitions';

type Ops =
  | 'listContracts'
  | 'createContract'
  | 'getContract'
  | 'updateContract'
  | 'transitionContract'
  | 'commentContract'
  | 'uploadContractFile'
  | 'renewContract'
  | 'getRentRoll'
  | 'exportRentRoll'
  | 'getContractSettings'
  | 'setContractSettings'
  | 'uploadContractTemplate'
  | 'previewContractTemplate'
  | 'generateContractDocument';
type Req = Parameters<typeof callerOf>[0] & Parameters<typeof translatorFor>[0];

/** Lease contracts, occupancy and the rent roll; who may do what is in access.ts. */
export function contractHandlers({ db, storage, links }: Deps): HandlersOf<Ops> {
  const viewerOf = (req: Req) => contractViewerOf(db, callerOf(req));
  const present = async (req: Req, viewer: ContractViewer, id: string) =>
    presentContract(db, links, viewer, await contractIn(db, viewer, id), translatorFor(req));
  const contract = recordHandlers(db, {
    viewer: viewerOf,
    newViewer: viewerOf,
    present,
    transition: (db, viewer, id, input: Parameters<typeof transitionContract>[4]) => transitionContract(db, storage, viewer, id, input),
    comment: commentContract,
  });
  const settingsOf = async (landlordId: string) => {
    const [days, template] = await Promise.all([expiringDaysOf(db, landlordId), templateOf(db, landlordId)]);
    return { expiring_days: days, template: template && { name: template.name, uploaded_at: template.at.toISOString() } };
  };
  /** The rent roll is staff's: a renter sees its own leases, not the centre's. */
  const rollOf = async (req: Req & { query: { object_id: string } }) => {
    const viewer = await viewerOf(req);
    if (viewer.kind !== 'staff') throw forbidden();
    return rentRollOf(db, scopeTo(viewer.user, objects.landlordId), req.query.object_id);
  };

  return {
    async listContracts(req) {
      const viewer = await viewerOf(req);
      const q = req.query;
      const page = pageOf(q, 20);
      const filter = { search: q.search, status: q.status, objectId: q.object_id, renterId: q.renter_id, endsWithin: q.ends_within };
      const { rows, total } = await listContracts(db, viewer.scope, filter, q.sort ?? '-created_at', page);
      const rooms = await roomsOf(
        db,
        rows.map((r) => r.contract.id),
      );
      return pageResult(
        rows.map((r) => toListItem(r, rooms)),
        total,
        page,
      );
    },
    createContract: contract.created((viewer, req) => createContract(db, viewer, req.body)),
    getContract: contract.show,
    updateContract: contract.after((viewer, req) => updateContract(db, viewer, req.params.id, req.body)),
    transitionContract: contract.transition,
    commentContract: contract.comment,
    uploadContractFile: contract.added((viewer, req) => uploadContractFile(db, storage, viewer, req.params.id, uploadOf(req, 'file'))),
    async renewContract(req, reply) {
      const viewer = await viewerOf(req);
      const id = await renewContract(db, viewer, req.params.id);
      return reply.status(201).send(await present(req, viewer, id));
    },
    async getRentRoll(req) {
      return rollOf(req);
    },
    async exportRentRoll(req, reply) {
      const roll = await rollOf(req);
      const today = almatyToday();
      const stream = await rentRollXlsx(roll, translatorFor(req), localeOf(req), today);
      return sendXlsx(reply, stream, `rent-roll-${today}`);
    },
    async getContractSettings(req) {
      const viewer = await viewerOf(req);
      if (viewer.kind !== 'staff') throw forbidden();
      const landlordId = viewer.user.role === 'superadmin' ? req.query.landlord_id : viewer.user.landlordId;
      if (!landlordId) throw invalidField('landlord_id', (ll) => ll.validation.required());
      return settingsOf(landlordId);
    },
    async setContractSettings(req) {
      const user = callerOf(req);
      if (!user.landlordId) throw forbidden();
      await setExpiringDays(db, user.landlordId, req.body.expiring_days);
      return settingsOf(user.landlordId);
    },
    async uploadContractTemplate(req) {
      const user = callerOf(req);
      await uploadTemplate(db, storage, user, uploadOf(req, 'file'));
      return settingsOf(user.landlordId as string);
    },
    async previewContractTemplate(req, reply) {
      const filled = await previewTemplate(callerOf(req), uploadOf(req, 'file'));
      return sendDownload(reply, filled, 'preview.docx', MEDIA.docx);
    },
    generateContractDocument: contract.added((viewer, req) => generateDocument(db, storage, viewer, req.params.id)),
  };
}

/** A file is read only for a caller who may add one to this lease (files.ts). */
export const contractUploadGates = ({ db }: Deps): Record<string, UploadGate> => ({
  uploadContractTemplate: async (req) => requireRole(callerOf(req as Req), 'landlord'),
  previewContractTemplate: async (req) => requireRole(callerOf(req as Req), 'landlord'),
  uploadContractFile: async (req) => contractTakingFiles(db, await contractViewerOf(db, callerOf(req as Req)), (req.params as { id: string }).id),
});
