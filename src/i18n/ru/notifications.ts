// The inbox: one sentence per kind of notification (the server keeps the kind and its values, not a text).
export const notifications = {
  notifications: {
    unreadOnly: 'Только непрочитанные',
    markAllRead: 'Отметить все как прочитанные',
    empty: 'Нет новых уведомлений',
    loadMore: 'Показать ещё',
    unread: 'Не прочитано',
    system: 'Система',
    bell: 'Уведомления: {count:number} {{непрочитанное|непрочитанных}}',
    kinds: {
      request: {
        status: 'Заявка №{number:string}: статус «{status:string}»',
        assigned: 'Вам назначена заявка №{number:string}',
        visitor: 'Новая заявка посетителя №{number:string}',
      },
      task: {
        assigned: 'Вам поставлена задача «{title:string}»',
        return: 'Задача «{title:string}» возвращена',
        accept: 'Задача «{title:string}» принята',
        expire: 'Срок задачи «{title:string}» истёк',
      },
      questionnaire: { new: 'Новая анкета: {company:string}' },
      contract: {
        expiring: 'Договор аренды №{number:string} истекает {ends_on:string}',
        ends_soon: 'Договор аренды №{number:string} заканчивается через 30 дней, {ends_on:string}',
      },
      unknown: 'Уведомление',
    },
  },
};
