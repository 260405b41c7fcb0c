import { every } from '../../jobs/every';
import { defineModule } from '../manifest';
import { importHandlers, importUploadGates } from './handlers';
import { invitationInterval, sendInvitations } from './invitations';
import { MAX_IMPORT_MIB } from './service';

export const importsModule = defineModule({
  name: 'imports',
  handlers: importHandlers,
  uploadGates: importUploadGates,
  maxUploadMib: MAX_IMPORT_MIB,
  // First-login mails a commit asked for, a few a run: claimed with SKIP LOCKED, so several processes share them.
  jobs: [
    {
      name: 'import invitations',
      interval: invitationInterval,
      start: ({ db, mailer, publicUrl }, ms, onError) => every(ms, () => sendInvitations(db, mailer, publicUrl), onError),
    },
  ],
});
