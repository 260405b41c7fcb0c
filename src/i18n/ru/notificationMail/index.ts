// The library's type, not the generated one: that forbids a namespace's name as a key, and `unsubscribe` is one.
import type { BaseTranslation } from 'typesafe-i18n';

// Notification e-mails (server/modules/email): only the server writes them, so no screen loads these.
const notificationMail = {
  greeting: 'Здравствуйте, {name:string}!',
  open: 'Открыть в Mall CRM',
  why: 'Это письмо пришло, потому что у вас включены письма «{kind:string}».',
  unsubscribe: 'Отписаться от писем «{kind:string}»',
  settings: 'Настроить уведомления',
} satisfies BaseTranslation;

export default notificationMail;
