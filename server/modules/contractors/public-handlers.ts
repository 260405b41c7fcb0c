import type { Deps } from '../../deps';
import type { HandlersOf } from '../../http/contract';
import { formLandlord, submitApplication } from './applications';

/** The public contractor form (/contractor-form): no session, rate-limited per address. */
export function contractorFormHandlers({ db }: Deps): HandlersOf<'getContractorForm' | 'applyAsContractor'> {
  return {
    async getContractorForm(req) {
      const landlord = await formLandlord(db, req.params.landlordId);
      return { landlord_name: landlord.name };
    },
    async applyAsContractor(req, reply) {
      const id = await submitApplication(db, req.params.landlordId, req.body, req.ip);
      return reply.status(201).send({ id });
    },
  };
}
