import type { Translation } from '../i18n-types';

// The counts on the menu's and Home's badges: the signed-in frame shows them before any area's texts are loaded.
export const badges = {
  badges: {
    contractsExpiring: 'Мерзімі бітуге жақын: {count}',
    violationsIssued: 'Жауап күтуде: {count}',
    violationsOverdue: 'Мерзімі өткен: {count}',
    questionnairesNew: 'Жаңа сауалнамалар: {count}',
    tasksIncoming: 'Кіріс тапсырмалар: {count}',
  },
} satisfies Pick<Translation, 'badges'>;
