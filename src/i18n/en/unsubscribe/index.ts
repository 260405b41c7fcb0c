import type { NamespaceUnsubscribeTranslation } from '../../i18n-types';

// The page a notification e-mail's unsubscribe link opens.
const unsubscribe = {
  title: 'Unsubscribe from e-mails',
  confirm: 'You will no longer get “{kind}” e-mails at {address}.',
  confirmNoAddress: 'You will no longer get “{kind}” e-mails.',
  submit: 'Unsubscribe',
  done: 'Done: “{kind}” e-mails will no longer be sent. You can turn them back on in your profile’s notification settings.',
  invalid: 'This unsubscribe link is not valid. You can choose your e-mails in your profile’s notification settings.',
  toProfile: 'Open the profile',
} satisfies NamespaceUnsubscribeTranslation;

export default unsubscribe;
