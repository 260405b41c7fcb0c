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
        assigned: 'Вам поставлена задача «{title:string|nested}»',
        complete: 'Задача «{title:string|nested}» выполнена, ждёт приёмки',
        reject: 'Задача «{title:string|nested}» отклонена исполнителем',
        return: 'Задача «{title:string|nested}» возвращена',
        accept: 'Задача «{title:string|nested}» принята',
        expire: 'Срок задачи «{title:string|nested}» истёк',
      },
      questionnaire: { new: 'Новая анкета: {company:string}' },
      notice: { renters: 'Уведомление: {title}', employees: 'Уведомление сотрудникам: {title}' },
      violation: {
        issue: 'Вам выставлено нарушение №{number:string}',
        reject: 'Возражение по нарушению №{number:string} отклонено',
        uphold: 'Возражение по нарушению №{number:string} принято, нарушение отменено',
        return: 'Устранение нарушения №{number:string} не принято',
        confirm: 'Устранение нарушения №{number:string} подтверждено',
        acknowledge: 'Арендатор признал нарушение №{number:string}',
        dispute: 'Арендатор оспорил нарушение №{number:string}',
        fix: 'Арендатор сообщил об устранении нарушения №{number:string}',
        overdue: 'Срок устранения нарушения №{number:string} прошёл',
      },
      contract: {
        expiring: 'Договор аренды №{number:string} истекает {ends_on:string}',
        ends_soon: 'Договор аренды №{number:string} заканчивается через 30 дней, {ends_on:string}',
      },
      event: {
        invited: 'Вас пригласили на событие «{title:string|nested}» ({at:string})',
        changed: 'Событие «{title:string|nested}» изменено ({at:string})',
        cancelled: 'Событие «{title:string|nested}» отменено ({at:string})',
        reminder: 'Напоминание: «{title:string|nested}», {at:string}',
      },
      invoice: {
        issued: 'Выставлен счёт №{number:string} на {total:string} ₸, оплатить до {due_on:string}',
        reminder_before: 'Через {days:string} дня, {due_on:string}, срок оплаты счёта №{number:string}: к оплате {owed:string} ₸',
        reminder_today: 'Сегодня последний день оплаты счёта №{number:string}: к оплате {owed:string} ₸',
        reminder_late: 'Счёт №{number:string} просрочен на {days:string} дней: к оплате {owed:string} ₸',
      },
      payment: {
        received: 'Получена оплата {amount:string} ₸',
        received_for: 'Получена оплата {amount:string} ₸ по счетам: №{invoices:string}',
        owed: 'Осталось оплатить {amount:string} ₸',
        credit: 'Аванс {amount:string} ₸',
        settled: 'Задолженности нет',
      },
      meter: {
        window_open: 'Передайте показания приборов учёта за {period:string}: с {from:string} по {to:string}',
        window_closing: 'Последний день передачи показаний за {period:string} — {to:string}',
        verification: 'Срок поверки прибора учёта № {serial:string} истекает {verified_until:string}',
      },
      meter_reading: {
        accepted: 'Показание прибора учёта № {serial:string} за {period:string} принято',
        returned: 'Показание прибора учёта № {serial:string} за {period:string} возвращено: {reason:string}',
        flagged: 'Показание прибора учёта № {serial:string} за {period:string} ({renter:string}) требует проверки',
      },
      unknown: 'Уведомление',
    },
  },
};
