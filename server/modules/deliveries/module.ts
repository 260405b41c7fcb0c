import { defineModule } from '../manifest';
import { deliveryHandlers } from './handlers';

/** The outbox's own part: people's channel preferences (the job that drains it is in ./job.ts, fed by every module's channel). */
export const deliveriesModule = defineModule({
  name: 'deliveries',
  handlers: deliveryHandlers,
});
