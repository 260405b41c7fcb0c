import type { Translation } from '../i18n-types';

// Notification e-mails (server/modules/email) and the page their unsubscribe link opens.
export const email = {
  notificationMail: {
    greeting: 'Hello, {name}!',
    open: 'Open in Mall CRM',
    why: 'You got this e-mail because “{kind}” e-mails are on for you.',
    unsubscribe: 'Unsubscribe from “{kind}” e-mails',
    settings: 'Notification settings',
  },
  unsubscribe: {
    title: 'Unsubscribe from e-mails',
    confirm: 'You will no longer get “{kind}” e-mails at {address}.',
    confirmNoAddress: 'You will no longer get “{kind}” e-mails.',
    submit: 'Unsubscribe',
    done: 'Done: “{kind}” e-mails will no longer be sent. You can turn them back on in your profile’s notification settings.',
    invalid: 'This unsubscribe link is not valid. You can choose your e-mails in your profile’s notification settings.',
    toProfile: 'Open the profile',
  },
} satisfies Pick<Translation, 'notificationMail' | 'unsubscribe'>;
