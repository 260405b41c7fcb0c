import type { BaseTranslation } from '../i18n-types';

// The counts on the menu's and Home's badges: the signed-in frame shows them before any area's texts are loaded.
export const badges = {
  badges: {
    contractsExpiring: 'Истекают: {count:number}',
    violationsIssued: 'Ждут ответа: {count:number}',
    violationsOverdue: 'Просрочено: {count:number}',
    questionnairesNew: 'Новых анкет: {count:number}',
    tasksIncoming: 'Входящих задач: {count:number}',
  },
} satisfies BaseTranslation;
