import type { BaseTranslation } from '../../i18n-types';

// The page a notification e-mail's unsubscribe link opens.
const unsubscribe = {
  title: 'Отписка от писем',
  confirm: 'На адрес {address:string} больше не будут приходить письма «{kind:string}».',
  confirmNoAddress: 'Больше не будут приходить письма «{kind:string}».',
  submit: 'Отписаться',
  done: 'Готово: письма «{kind:string}» больше не придут. Включить их снова можно в профиле, в настройках уведомлений.',
  invalid: 'Ссылка для отписки недействительна. Письма можно настроить в профиле, в настройках уведомлений.',
  toProfile: 'Открыть профиль',
} satisfies BaseTranslation;

export default unsubscribe;
