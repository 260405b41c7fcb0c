import { and } from 'drizzle-orm';
import { levelAllows } from '../../auth/levels';
import { contracts } from '../../db/schema';
import { defineInterval } from '../../jobs/declare';
import { defineModule } from '../manifest';
import { landlordOf, placeholders, sideOf } from '../menu/caller';
import { renterScope } from './access';
import { contractHandlers, contractUploadGates } from './handlers';
import { startLeaseJob } from './job';
import { expiringBadge } from './queries';

const leaseInterval = defineInterval({
  env: 'CONTRACT_JOB_INTERVAL_MS',
  key: 'contractJobIntervalMs',
  defaultMs: 600_000,
  describe:
    'how often each API process moves leases to expiring and expired and sends the 30-day notices (atomic updates, safe with several processes); `0` disables it',
});

export const contractsModule = defineModule({
  name: 'contracts',
  handlers: contractHandlers,
  uploadGates: contractUploadGates,
  // Its UPDATEs pick each lease once however many processes run it (job.ts).
  jobs: [{ name: 'lease job', interval: leaseInterval, start: ({ db }, ms, onError) => startLeaseJob(db, ms, onError) }],
  badges: [
    {
      keys: ['contracts_expiring'],
      // As contractViewerOf (access.ts): a renter its own signed leases, staff who may read.
      shape(caller) {
        const side = sideOf(caller, 'contracts');
        if (!side) return null;
        if (side.side === 'renter') return 'renter';
        return levelAllows(side.level, 'read') ? side.side : null;
      },
      counts: (db, shape) => ({
        contracts_expiring: expiringBadge(
          db,
          and(landlordOf(shape, contracts.landlordId), shape === 'renter' ? renterScope(db, placeholders.user) : undefined),
        ),
      }),
    },
  ],
  subjects: ['contract'],
});
