import { almatyToday } from '../../../src/shared/almaty';
import { authorize } from '../../auth/authorize';
import { employees } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf, landlordForWrite, scopeTo } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { notFound } from '../../http/errors';
import { localeOf, translatorFor } from '../../http/i18n';
import { pageOf, pageResult } from '../../http/pagination';
import { sendXlsx } from '../../http/xlsx-stream';
import { restorePassword } from '../auth/service';
import { exportEmployeesXlsx } from './export';
import { findEmployee, listEmployees, toEmployeeDto } from './queries';
import { changeEmployeeStatus, createEmployee, updateEmployee } from './service';

type Ops =
  | 'listEmployees'
  | 'createEmployee'
  | 'listAllEmployees'
  | 'getEmployee'
  | 'updateEmployee'
  | 'deleteEmployee'
  | 'restoreEmployee'
  | 'exportEmployees';

/** Employees register: every call authorised per grant and scoped to the landlord. */
export function employeeHandlers({ db, mailer, config }: Deps): HandlersOf<Ops> {
  const guard = async (req: { user: Parameters<typeof callerOf>[0]['user'] }, action: 'read' | 'create' | 'update' | 'delete') => {
    const user = callerOf(req);
    await authorize(db, user, 'employees', action);
    return { user, scope: scopeTo(user, employees.landlordId) };
  };
  const present = async (scope: Awaited<ReturnType<typeof guard>>['scope'], id: string) => {
    const row = await findEmployee(db, scope, id);
    if (!row) throw notFound();
    return toEmployeeDto(row);
  };

  return {
    async listEmployees(req) {
      const { scope, user } = await guard(req, 'read');
      const q = req.query;
      const page = pageOf(q, 20);
      const landlordId = user.role === 'superadmin' ? q.landlord_id : undefined;
      const { rows, total } = await listEmployees(db, { scope, search: q.search, status: q.status, landlordId }, q.sort ?? 'full_name', page);
      return pageResult(rows.map(toEmployeeDto), total, page);
    },
    async createEmployee(req, reply) {
      const { user, scope } = await guard(req, 'create');
      const id = await createEmployee(db, landlordForWrite(user, req.body.landlord_id), { ...req.body, language: req.body.language ?? localeOf(req) });
      await restorePassword(db, mailer, config.publicUrl, req.body.username);
      return reply.status(201).send(await present(scope, id));
    },
    async listAllEmployees(req) {
      const user = callerOf(req);
      const scope = scopeTo(user, employees.landlordId);
      const { rows } = await listEmployees(db, { scope, status: 'active' }, 'full_name', { limit: 1000, offset: 0 });
      return rows.map(toEmployeeDto);
    },
    async getEmployee(req) {
      const { scope } = await guard(req, 'read');
      return present(scope, req.params.id);
    },
    async updateEmployee(req) {
      const { scope } = await guard(req, 'update');
      await updateEmployee(db, scope, req.params.id, req.body);
      return present(scope, req.params.id);
    },
    async deleteEmployee(req, reply) {
      const { scope } = await guard(req, 'delete');
      await changeEmployeeStatus(db, scope, req.params.id, 'record.delete');
      return reply.status(204).send();
    },
    async restoreEmployee(req) {
      const { scope } = await guard(req, 'delete');
      return toEmployeeDto(await changeEmployeeStatus(db, scope, req.params.id, 'record.restore'));
    },
    async exportEmployees(req, reply) {
      const { scope } = await guard(req, 'read');
      const body = req.body ?? {};
      const stream = await exportEmployeesXlsx(db, { scope, search: body.search, status: body.status }, translatorFor(req));
      return sendXlsx(reply, stream, `employees-${almatyToday()}`);
    },
  };
}
