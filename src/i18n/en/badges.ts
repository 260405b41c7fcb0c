import type { Translation } from '../i18n-types';

// The counts on the menu's and Home's badges: the signed-in frame shows them before any area's texts are loaded.
export const badges = {
  badges: {
    contractsExpiring: 'Expiring: {count}',
    violationsIssued: 'Awaiting your answer: {count}',
    violationsOverdue: 'Overdue: {count}',
    questionnairesNew: 'New questionnaires: {count}',
    tasksIncoming: 'Incoming tasks: {count}',
  },
} satisfies Pick<Translation, 'badges'>;
