import type { components } from '../../../src/api/schema';
import { authorize, employeeLevel } from '../../auth/authorize';
import type { AuthedUser } from '../../auth/sessions';
import { objects } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf, scopeTo } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { forbidden, notFound } from '../../http/errors';
import { localeOf } from '../../http/i18n';
import { pageOf, pageResult } from '../../http/pagination';
import { type UploadGate, uploadsOf } from '../../http/uploads';
import { restorePassword } from '../auth/service';
import { type QuestionnaireViewer, questionnaireViewerOf } from './access';
import { formLinkUrl, linkTarget, publicTenants, submitQuestionnaire } from './public';
import { findQuestionnaire, listQuestionnaires, presentDetail, toListItem } from './queries';
import { deleteQuestionnaire, formLinkOf, makeRenter, transitionQuestionnaire } from './service';

type Ops =
  | 'listPublicTenants'
  | 'getPublicApplicationForm'
  | 'submitApplicationForm'
  | 'createApplicationFormLink'
  | 'listQuestionnaires'
  | 'getQuestionnaire'
  | 'deleteQuestionnaire'
  | 'transitionQuestionnaire'
  | 'makeRenterOfQuestionnaire';

/** The waiting list: a public form and the staff's register. */
export function waitingListHandlers({ db, storage, config, mailer, links }: Deps): HandlersOf<Ops> {
  const guard = async (req: { user: AuthedUser | null }, action: 'read' | 'update' | 'delete') => questionnaireViewerOf(db, callerOf(req), action);
  const present = async (viewer: QuestionnaireViewer, id: string) => {
    const row = await findQuestionnaire(db, viewer.scope, id);
    if (!row) throw notFound();
    return presentDetail(db, links, row, viewer);
  };

  return {
    async listPublicTenants() {
      return publicTenants(db, config.publicUrl);
    },
    async getPublicApplicationForm(req) {
      const t = await linkTarget(db, req.params.linkId);
      return { object_name: t.objectName, landlord_name: t.landlordName };
    },
    async submitApplicationForm(req, reply) {
      const { files1: _1, files2: _2, ...form } = req.body as components['schemas']['QuestionnaireForm'];
      const sets = { 1: uploadsOf(req, 'files1'), 2: uploadsOf(req, 'files2') };
      const id = await submitQuestionnaire(db, storage, req.params.linkId, form, sets, req.ip);
      return reply.status(201).send({ id });
    },
    async createApplicationFormLink(req) {
      const user = callerOf(req);
      // The link is a setting of the module: the landlord, the superadmin, or `waiting_list` main.
      if (user.role === 'employee' ? (await employeeLevel(db, user.id, 'waiting_list')) !== 'main' : user.role === 'renter') throw forbidden();
      const linkId = await formLinkOf(db, scopeTo(user, objects.landlordId), req.body.object_id);
      return { link: formLinkUrl(config.publicUrl, linkId) };
    },
    async listQuestionnaires(req) {
      const { user, scope } = await guard(req, 'read');
      const q = req.query;
      const page = pageOf(q, 20);
      const filter = {
        scope,
        search: q.search,
        status: q.status,
        objectId: q.object_id,
        landlordId: user.role === 'superadmin' ? q.landlord_id : undefined,
      };
      const { rows, total } = await listQuestionnaires(db, filter, q.sort ?? '-created_at', page);
      return pageResult(rows.map(toListItem), total, page);
    },
    async getQuestionnaire(req) {
      return present(await guard(req, 'read'), req.params.id);
    },
    async deleteQuestionnaire(req, reply) {
      const { scope } = await guard(req, 'delete');
      await deleteQuestionnaire(db, storage, scope, req.params.id);
      return reply.status(204).send();
    },
    async transitionQuestionnaire(req) {
      const viewer = await guard(req, 'update');
      await transitionQuestionnaire(db, viewer, req.params.id, req.body.event);
      return present(viewer, req.params.id);
    },
    async makeRenterOfQuestionnaire(req, reply) {
      const viewer = await guard(req, 'update');
      await authorize(db, viewer.user, 'renters', 'create');
      // The renter belongs to the questionnaire's landlord, whatever landlord_id says.
      const { landlord_id: _ignored, ...input } = req.body;
      const renterId = await makeRenter(db, viewer, req.params.id, { ...input, language: input.language ?? localeOf(req) });
      await restorePassword(db, mailer, config.publicUrl, input.username);
      return reply.status(201).send({ renter_id: renterId });
    },
  };
}

/** The form's files are read only for a link that leads somewhere (public.ts linkTarget: 404 otherwise). */
export const waitingListUploadGates = ({ db }: Deps): Record<string, UploadGate> => ({
  submitApplicationForm: async (req) => linkTarget(db, (req.params as { linkId: string }).linkId),
});
