import type { NamespaceNotificationMailTranslation } from '../../i18n-types';

// Notification e-mails (server/modules/email): only the server writes them, so no screen loads these.
const notificationMail = {
  greeting: 'Сәлеметсіз бе, {name}!',
  open: 'Mall CRM-де ашу',
  why: 'Бұл хат сізде «{kind}» хаттары қосулы болғандықтан келді.',
  unsubscribe: '«{kind}» хаттарынан бас тарту',
  settings: 'Хабарландыруларды баптау',
} satisfies NamespaceNotificationMailTranslation;

export default notificationMail;
