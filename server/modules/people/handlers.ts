import type { Deps } from '../../deps';
import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { rolesFor } from './access';
import { listPeople } from './queries';

/** One directory of the landlord's people for every picker; who may ask for what is in access.ts. */
export function peopleHandlers({ db }: Deps): HandlersOf<'listPeople'> {
  return {
    async listPeople(req) {
      const user = callerOf(req);
      const q = req.query;
      const roles = await rolesFor(db, user, q.purpose, q.role);
      return { data: await listPeople(db, user, { purpose: q.purpose, roles, search: q.search, limit: q.limit ?? 200 }) };
    },
  };
}
