import { defineModule } from '../manifest';
import { meterHandlers, meterUploadGates } from './handlers';
import { meterReminderInterval, startMeterReminderJob } from './job';

export const metersModule = defineModule({
  name: 'meters',
  handlers: meterHandlers,
  // A tenant's reading comes with a photo of the dial (readings.ts).
  uploadGates: meterUploadGates,
  // Its statements claim each reminder once under meter_reminders' key, however many processes run it (job.ts).
  jobs: [{ name: 'meter reminder job', interval: meterReminderInterval, start: ({ db }, ms, onError) => startMeterReminderJob(db, ms, onError) }],
  subjects: ['meter', 'meter_reading'],
});
