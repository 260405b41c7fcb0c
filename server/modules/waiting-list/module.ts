import { levelAllows } from '../../auth/levels';
import { questionnaires } from '../../db/schema';
import { defineModule } from '../manifest';
import { landlordOf, sideOf } from '../menu/caller';
import { waitingListHandlers, waitingListUploadGates } from './handlers';
import { questionnaireBadges } from './queries';

export const waitingListModule = defineModule({
  name: 'waiting-list',
  handlers: waitingListHandlers,
  uploadGates: waitingListUploadGates,
  badges: [
    {
      keys: ['questionnaires_new'],
      // Staff who may read the waiting list (access/authorize.ts `may`); a renter never.
      shape(caller) {
        const side = sideOf(caller, 'waiting_list');
        return side && side.side !== 'renter' && levelAllows(side.level, 'read') ? side.side : null;
      },
      counts: (db, shape) => questionnaireBadges(db, landlordOf(shape, questionnaires.landlordId)),
    },
  ],
  subjects: ['questionnaire'],
});
