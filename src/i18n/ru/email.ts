// Notification e-mails (server/modules/email) and the page their unsubscribe link opens.
export const email = {
  notificationMail: {
    greeting: 'Здравствуйте, {name:string}!',
    open: 'Открыть в Mall CRM',
    why: 'Это письмо пришло, потому что у вас включены письма «{kind:string}».',
    unsubscribe: 'Отписаться от писем «{kind:string}»',
    settings: 'Настроить уведомления',
  },
  unsubscribe: {
    title: 'Отписка от писем',
    confirm: 'На адрес {address:string} больше не будут приходить письма «{kind:string}».',
    confirmNoAddress: 'Больше не будут приходить письма «{kind:string}».',
    submit: 'Отписаться',
    done: 'Готово: письма «{kind:string}» больше не придут. Включить их снова можно в профиле, в настройках уведомлений.',
    invalid: 'Ссылка для отписки недействительна. Письма можно настроить в профиле, в настройках уведомлений.',
    toProfile: 'Открыть профиль',
  },
};
