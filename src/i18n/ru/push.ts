// Push notifications: the profile's section and the /fcm-test page.
export const push = {
  push: {
    title: 'Push-уведомления',
    hint: 'Уведомления приходят на это устройство, даже когда вкладка закрыта. В самом приложении они видны всегда.',
    states: {
      unsupported: 'Этот браузер не поддерживает push-уведомления',
      notConfigured: 'Push-уведомления не настроены на сервере',
      blocked: 'Уведомления запрещены в настройках браузера для этого сайта',
      off: 'Выключены на этом устройстве',
      on: 'Включены на этом устройстве',
    },
    turnOn: 'Включить push-уведомления',
    turnOff: 'Выключить push-уведомления',
    turnOnFailed: 'Не удалось включить push-уведомления',
    kindsTitle: 'Что присылать',
    kinds: {
      request: { status: 'Статус заявки изменён', assigned: 'Вам назначена заявка', visitor: 'Заявка посетителя' },
      task: { assigned: 'Вам поставлена задача', return: 'Задача возвращена', accept: 'Задача принята', expire: 'Задача просрочена' },
      questionnaire: { new: 'Новая анкета' },
      event: { invited: 'Приглашение на событие', changed: 'Событие изменено', cancelled: 'Событие отменено', reminder: 'Напоминание о событии' },
    },
    saveFailed: 'Не удалось сохранить настройку',
    testLink: 'Проверка push-уведомлений',
    test: {
      title: 'Проверка push-уведомлений',
      notConfigured: 'Push-уведомления не настроены на этом сервере. Задайте переменные окружения FCM_SERVICE_ACCOUNT, FIREBASE_WEB_CONFIG и FCM_VAPID_KEY.',
      permission: 'Разрешение браузера',
      permissions: { default: 'не запрошено', granted: 'разрешено', denied: 'запрещено', unsupported: 'не поддерживается' },
      token: 'Токен этого устройства',
      noToken: 'Нет: включите push-уведомления в профиле',
      send: 'Отправить себе тестовое уведомление',
      result: 'Отправлено: {sent}, удалено устаревших токенов: {dropped}, не удалось: {failed}',
      body: 'Проверка: push-уведомления на этом устройстве работают',
    },
  },
};
