import { and } from 'drizzle-orm';
import { requests } from '../../db/schema';
import { defineModule } from '../manifest';
import { landlordOf, placeholders, sideOf } from '../menu/caller';
import { executorScope, renterScope } from './access';
import { requestHandlers, requestUploadGates, visitorRequestHandlers } from './handlers';
import { requestBadges } from './queries';
import { escalationInterval, startEscalationJob } from './sla/escalation';
import { slaHandlers } from './sla/handlers';

/** What viewerOf (access.ts) adds to the landlord's scope for a shape, with the caller's ids as placeholders. */
function narrowed(shape: string) {
  if (shape === 'renter') return renterScope(placeholders.renter);
  if (shape === 'executor') return executorScope(placeholders.employee);
  if (shape === 'executor without employee') return executorScope(null);
  return undefined;
}

export const requestsModule = defineModule({
  name: 'requests',
  handlers: (ctx) => ({ ...requestHandlers(ctx), ...visitorRequestHandlers(ctx), ...slaHandlers(ctx) }),
  uploadGates: requestUploadGates,
  badges: [
    {
      keys: ['requests_new', 'requests_overdue'],
      shape(caller) {
        const side = sideOf(caller, 'requests');
        if (!side) return null;
        if (side.side === 'renter') return caller.renterId ? 'renter' : null;
        if (side.level === 'none') return null;
        if (side.level === 'executor') return caller.employeeId ? 'executor' : 'executor without employee';
        return side.side;
      },
      counts: (db, shape) => requestBadges(db, and(landlordOf(shape, requests.landlordId), narrowed(shape))),
    },
  ],
  // Each step of a request's SLA is claimed once under request_escalations' key, however many processes run it (sla/escalation.ts).
  jobs: [{ name: 'request escalation job', interval: escalationInterval, start: ({ db }, ms, onError) => startEscalationJob(db, ms, onError) }],
  subjects: ['request'],
});
