import { authorize } from '../../auth/authorize';
import type { AccessAction } from '../../auth/levels';
import type { AuthedUser } from '../../auth/sessions';
import { contractorApplications, contractors } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf, landlordForWrite, scopeTo } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { notFound } from '../../http/errors';
import { pageOf, pageResult } from '../../http/pagination';
import { approveApplication, declineApplication, listApplications, toApplicationDto } from './applications';
import { findContractor, listContractors, toContractorDto } from './queries';
import { changeContractorStatus, createContractor, updateContractor } from './service';

type Ops =
  | 'listContractors'
  | 'createContractor'
  | 'getContractor'
  | 'updateContractor'
  | 'deleteContractor'
  | 'restoreContractor'
  | 'listContractorApplications'
  | 'approveContractorApplication'
  | 'declineContractorApplication';

/**
 * Contractors register and the landlord's side of the applications (access module `contractors`;
 * deciding an application is an edit of the register, so it needs `update`). Contractors get no login.
 */
export function contractorHandlers({ db }: Deps): HandlersOf<Ops> {
  const guard = async (req: { user: AuthedUser | null }, action: AccessAction) => {
    const user = callerOf(req);
    await authorize(db, user, 'contractors', action);
    return user;
  };
  const scope = (user: AuthedUser) => scopeTo(user, contractors.landlordId);
  const appScope = (user: AuthedUser) => scopeTo(user, contractorApplications.landlordId);
  const present = async (user: AuthedUser, id: string) => {
    const row = await findContractor(db, scope(user), id);
    if (!row) throw notFound();
    return toContractorDto(row);
  };
  const landlordFilter = (user: AuthedUser, requested?: string) => (user.role === 'superadmin' ? requested : undefined);

  return {
    async listContractors(req) {
      const user = await guard(req, 'read');
      const q = req.query;
      const page = pageOf(q, 20);
      const filter = { scope: scope(user), search: q.search, status: q.status, landlordId: landlordFilter(user, q.landlord_id) };
      const { rows, total } = await listContractors(db, filter, q.sort ?? 'name', page);
      return pageResult(rows.map(toContractorDto), total, page);
    },
    async createContractor(req, reply) {
      const user = await guard(req, 'create');
      const { landlord_id, ...input } = req.body;
      const id = await createContractor(db, landlordForWrite(user, landlord_id), input);
      return reply.status(201).send(await present(user, id));
    },
    async getContractor(req) {
      return present(await guard(req, 'read'), req.params.id);
    },
    async updateContractor(req) {
      const user = await guard(req, 'update');
      return toContractorDto(await updateContractor(db, scope(user), req.params.id, req.body));
    },
    async deleteContractor(req, reply) {
      const user = await guard(req, 'delete');
      await changeContractorStatus(db, scope(user), req.params.id, 'record.delete');
      return reply.status(204).send();
    },
    async restoreContractor(req) {
      const user = await guard(req, 'delete');
      return toContractorDto(await changeContractorStatus(db, scope(user), req.params.id, 'record.restore'));
    },
    async listContractorApplications(req) {
      const user = await guard(req, 'read');
      const q = req.query;
      const page = pageOf(q, 20);
      const filter = { scope: appScope(user), search: q.search, status: q.status, landlordId: landlordFilter(user, q.landlord_id) };
      const { rows, total } = await listApplications(db, filter, page);
      return pageResult(rows.map(toApplicationDto), total, page);
    },
    async approveContractorApplication(req) {
      const user = await guard(req, 'update');
      return approveApplication(db, appScope(user), req.params.id, user.id);
    },
    async declineContractorApplication(req) {
      const user = await guard(req, 'update');
      return declineApplication(db, appScope(user), req.params.id, user.id, req.body.reason);
    },
  };
}
