import { defineModule } from '../manifest';
import { billingHandlers, billingUploadGates } from './handlers';
import { billingInterval, startBillingJob } from './job';

export const billingModule = defineModule({
  name: 'billing',
  handlers: billingHandlers,
  uploadGates: billingUploadGates,
  // Its statements pick each landlord's month and each invoice once, however many processes run it (job.ts).
  // Tenants are told of their invoices, reminders and payments (notices.ts).
  subjects: ['invoice', 'payment'],
  jobs: [{ name: 'billing job', interval: billingInterval, start: ({ db }, ms, onError) => startBillingJob(db, ms, onError) }],
});
