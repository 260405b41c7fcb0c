import { accessLevels, accessModules } from '../../auth/levels';
import { employees } from '../../db/schema';
import type { Deps } from '../../deps';
import { callerOf, scopeTo } from '../../http/caller';
import type { HandlersOf, OpRequest } from '../../http/contract';
import { notFound } from '../../http/errors';
import { findEmployeeAccess, listEmployeeAccess } from './queries';
import { setEmployeeAccess, setNotificationPermissions } from './service';

type Ops = 'listEmployeeAccess' | 'setEmployeeAccess' | 'setNotificationPermissions';

/** Settings (employees' access levels per module): only the landlord (and the superadmin) grants access; scope keeps other landlords' employees at 404. */
export function settingsHandlers({ db }: Deps): HandlersOf<Ops> {
  const guard = (req: Pick<OpRequest<'listEmployeeAccess'>, 'user'>) => {
    const user = callerOf(req);
    return { user, scope: scopeTo(user, employees.landlordId) };
  };

  return {
    async listEmployeeAccess(req) {
      const { user, scope } = guard(req);
      const landlordId = user.role === 'superadmin' ? req.query.landlord_id : undefined;
      return { modules: [...accessModules], levels: [...accessLevels], employees: await listEmployeeAccess(db, scope, landlordId) };
    },
    async setEmployeeAccess(req) {
      const { scope } = guard(req);
      await setEmployeeAccess(db, scope, req.params.employeeId, req.body.levels);
      const saved = await findEmployeeAccess(db, req.params.employeeId);
      if (!saved) throw notFound();
      return saved;
    },
    async setNotificationPermissions(req, reply) {
      const { scope } = guard(req);
      await setNotificationPermissions(db, scope, req.body.permissions);
      return reply.status(204).send();
    },
  };
}
