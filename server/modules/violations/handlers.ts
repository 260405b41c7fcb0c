import { almatyToday } from '../../../src/shared/almaty';
import type { Deps } from '../../deps';
import { callerOf, requireRole } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { forbidden } from '../../http/errors';
import { localeOf, translatorFor } from '../../http/i18n';
import { pageOf, pageResult } from '../../http/pagination';
import { type UploadGate, uploadOf } from '../../http/uploads';
import { sendXlsx } from '../../http/xlsx-stream';
import { recordHandlers } from '../../workflow/handlers';
import { roomOptions } from '../renters/queries';
import { staffMay, type ViolationViewer, violationViewerOf } from './access';
import { createViolationType, listViolationTypes, toViolationType, updateViolationType } from './catalogue';
import { markOverdueViolations } from './deadlines';
import { presentViolation } from './detail';
import { exportViolationsXlsx } from './export';
import { uploadViolationFile, type ViolationFileKind, violationTakingFiles } from './files';
import { listViolations, toListItem } from './queries';
import { createViolation, deleteViolation, updateViolation } from './service';
import { commentViolation, transitionViolation, violationIn } from './transitions';

type Ops =
  | 'listViolations'
  | 'createViolation'
  | 'listViolationRooms'
  | 'getViolation'
  | 'updateViolation'
  | 'deleteViolation'
  | 'transitionViolation'
  | 'commentViolation'
  | 'uploadViolationFile'
  | 'exportViolations'
  | 'listViolationTypes'
  | 'createViolationType'
  | 'updateViolationType';
type Req = Parameters<typeof callerOf>[0] & Parameters<typeof translatorFor>[0];

/** Violations of the centre's rules (/violations); who may do what is in access.ts. */
export function violationHandlers({ db, storage, links }: Deps): HandlersOf<Ops> {
  const viewerOf = (req: Req) => violationViewerOf(db, callerOf(req));
  const present = async (req: Req, viewer: ViolationViewer, id: string) =>
    presentViolation(db, links, viewer, await violationIn(db, viewer, id), translatorFor(req), localeOf(req));
  const violation = recordHandlers(db, {
    viewer: viewerOfViolation(db),
    newViewer: viewerOf,
    present,
    transition: transitionViolation,
    comment: commentViolation,
  });
  /** The catalogue is the landlord's own: only it edits it. */
  const catalogueOwner = (req: Req) => {
    const user = callerOf(req);
    requireRole(user, 'landlord');
    return user.landlordId as string;
  };

  return {
    async listViolations(req) {
      const viewer = await viewerOf(req);
      const { page: _p, limit: _l, sort, _t, ...filter } = req.query;
      const page = pageOf(req.query, 20);
      const { rows, total, exact } = await listViolations(db, viewer.scope, filter, sort ?? '-occurred_at', page);
      return pageResult(
        rows.map((r) => toListItem(r, localeOf(req))),
        total,
        page,
        exact,
      );
    },
    createViolation: violation.created((viewer, req) => createViolation(db, viewer, req.body)),
    async listViolationRooms(req) {
      const viewer = await viewerOf(req);
      const landlordId = viewer.user.landlordId;
      if (!landlordId || !staffMay(viewer, 'create')) throw forbidden();
      return roomOptions(db, landlordId);
    },
    getViolation: violation.show,
    updateViolation: violation.after((viewer, req) => updateViolation(db, viewer, req.params.id, req.body)),
    async deleteViolation(req, reply) {
      const viewer = await viewerOf(req);
      await deleteViolation(db, storage, viewer, req.params.id);
      return reply.status(204).send();
    },
    transitionViolation: violation.transition,
    commentViolation: violation.comment,
    uploadViolationFile: violation.added((viewer, req) =>
      uploadViolationFile(db, storage, viewer, req.params.id, (req.body as { kind: ViolationFileKind }).kind, uploadOf(req, 'file')),
    ),
    async exportViolations(req, reply) {
      const viewer = await viewerOf(req);
      if (viewer.kind !== 'staff') throw forbidden();
      const stream = await exportViolationsXlsx(db, viewer.scope, req.body ?? {}, translatorFor(req), localeOf(req));
      return sendXlsx(reply, stream, `violations-${almatyToday()}`);
    },
    async listViolationTypes(req) {
      const viewer = await viewerOf(req);
      const landlordId = viewer.user.landlordId;
      if (!landlordId) return [];
      const all = Boolean(req.query.all) && viewer.user.role === 'landlord';
      return (await listViolationTypes(db, landlordId, all)).map((t) => toViolationType(t, localeOf(req)));
    },
    async createViolationType(req, reply) {
      const row = await createViolationType(db, catalogueOwner(req), req.body);
      return reply.status(201).send(toViolationType(row, localeOf(req)));
    },
    async updateViolationType(req) {
      return toViolationType(await updateViolationType(db, catalogueOwner(req), req.params.id, req.body), localeOf(req));
    },
  };
}

/** A violation read or worked between two runs of the deadline job is marked first. */
const viewerOfViolation = (db: Deps['db']) => async (req: Req & { params: { id: string } }) => {
  const viewer = await violationViewerOf(db, callerOf(req));
  await markOverdueViolations(db, { id: req.params.id, scope: viewer.scope });
  return viewer;
};

/** A file is read only for a caller who may add one to this violation (files.ts). */
export const violationUploadGates = ({ db }: Deps): Record<string, UploadGate> => ({
  uploadViolationFile: async (req) =>
    violationTakingFiles(db, await viewerOfViolation(db)(req as Req & { params: { id: string } }), (req.params as { id: string }).id),
});
