import type { NamespaceNotificationMailTranslation } from '../../i18n-types';

// Notification e-mails (server/modules/email): only the server writes them, so no screen loads these.
const notificationMail = {
  greeting: 'Hello, {name}!',
  open: 'Open in Mall CRM',
  why: 'You got this e-mail because “{kind}” e-mails are on for you.',
  unsubscribe: 'Unsubscribe from “{kind}” e-mails',
  settings: 'Notification settings',
} satisfies NamespaceNotificationMailTranslation;

export default notificationMail;
