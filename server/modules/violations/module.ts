import { and } from 'drizzle-orm';
import { levelAllows } from '../../auth/levels';
import { violations } from '../../db/schema';
import { defineModule } from '../manifest';
import { landlordOf, placeholders, sideOf } from '../menu/caller';
import { deadlineInterval } from '../tasks/module';
import { renterScope } from './access';
import { startViolationDeadlineJob } from './deadlines';
import { violationHandlers, violationUploadGates } from './handlers';
import { violationBadges } from './queries';

export const violationsModule = defineModule({
  name: 'violations',
  handlers: violationHandlers,
  uploadGates: violationUploadGates,
  // On the tasks' deadline beat, as safely (deadlines.ts).
  jobs: [{ name: 'violation deadline job', interval: deadlineInterval, start: ({ db }, ms, onError) => startViolationDeadlineJob(db, ms, onError) }],
  badges: [
    {
      keys: ['violations_overdue', 'violations_disputed', 'violations_issued'],
      // As violationViewerOf (access.ts): a renter with its tenant card, staff who may read.
      shape(caller) {
        const side = sideOf(caller, 'violations');
        if (!side) return null;
        if (side.side === 'renter') return caller.renterId ? 'renter' : null;
        return levelAllows(side.level, 'read') ? side.side : null;
      },
      counts: (db, shape) =>
        violationBadges(db, and(landlordOf(shape, violations.landlordId), shape === 'renter' ? renterScope(placeholders.renter) : undefined)),
    },
  ],
  subjects: ['violation'],
});
