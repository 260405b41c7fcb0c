import type { Translation } from '../i18n-types';

// The inbox: one sentence per kind of notification (the server keeps the kind and its values, not a text).
export const notifications = {
  notifications: {
    unreadOnly: 'Тек оқылмағандар',
    markAllRead: 'Барлығын оқылды деп белгілеу',
    empty: 'Жаңа хабарламалар жоқ',
    loadMore: 'Тағы көрсету',
    unread: 'Оқылмаған',
    system: 'Жүйе',
    bell: 'Хабарламалар: {count} оқылмаған',
    kinds: {
      request: {
        status: '№{number} өтінім: мәртебесі «{status}»',
        assigned: 'Сізге №{number} өтінім тағайындалды',
        visitor: 'Келушіден №{number} жаңа өтінім',
        rating: '№{number} өтінім 5-тен {rating} деп бағаланды — оны қайта ашуға болады',
        comment: '№{number} өтінімге жаңа түсініктеме',
        escalationTakeSoon: '№{number} өтінімді {deadline} дейін жұмысқа алу керек',
        escalationTakeLate: '№{number} өтінім мерзімінде жұмысқа алынбады ({deadline})',
        escalationResolveSoon: '№{number} өтінімді {deadline} дейін орындау керек',
        escalationResolveLate: '№{number} өтінім мерзімінде орындалмады ({deadline})',
      },
      task: {
        assigned: 'Сізге «{title|nested}» тапсырмасы берілді',
        complete: '«{title|nested}» тапсырмасы орындалды, қабылдауды күтуде',
        reject: '«{title|nested}» тапсырмасынан орындаушы бас тартты',
        return: '«{title|nested}» тапсырмасы қайтарылды',
        accept: '«{title|nested}» тапсырмасы қабылданды',
        expire: '«{title|nested}» тапсырмасының мерзімі өтті',
      },
      questionnaire: { new: 'Жаңа сауалнама: {company}' },
      notice: { renters: 'Хабарлама: {title}', employees: 'Қызметкерлерге хабарлама: {title}' },
      violation: {
        issue: 'Сіздің атыңызға №{number} бұзушылық тіркелді',
        reject: '№{number} бұзушылық бойынша қарсылығыңыз қабылданбады',
        uphold: '№{number} бұзушылық бойынша қарсылығыңыз қабылданды, бұзушылықтың күші жойылды',
        return: '№{number} бұзушылықтың түзетілуі қабылданбады',
        confirm: '№{number} бұзушылықтың түзетілгені расталды',
        acknowledge: 'Жалға алушы №{number} бұзушылықты мойындады',
        dispute: 'Жалға алушы №{number} бұзушылықты даулады',
        fix: 'Жалға алушы №{number} бұзушылықтың түзетілгенін хабарлады',
        overdue: '№{number} бұзушылықты түзету мерзімі өтті',
      },
      contract: {
        expiring: '№{number} жалдау шартының мерзімі {ends_on} аяқталады',
        ends_soon: '№{number} жалдау шарты 30 күннен кейін, {ends_on} аяқталады',
      },
      event: {
        invited: 'Сіз «{title|nested}» оқиғасына шақырылдыңыз ({at})',
        changed: '«{title|nested}» оқиғасы өзгертілді ({at})',
        cancelled: '«{title|nested}» оқиғасы болдырылмады ({at})',
        reminder: 'Еске салу: «{title|nested}», {at}',
      },
      invoice: {
        issued: '№{number} шот {total} ₸ сомаға қойылды, {due_on} дейін төлеңіз',
        reminder_before: '{days} күннен кейін, {due_on}, №{number} шотты төлеу мерзімі: төленетін сома {owed} ₸',
        reminder_today: 'Бүгін №{number} шотты төлеудің соңғы күні: төленетін сома {owed} ₸',
        reminder_late: '№{number} шоттың мерзімі {days} күнге өтіп кетті: төленетін сома {owed} ₸',
      },
      payment: {
        received: '{amount} ₸ төлем алынды',
        received_for: '{amount} ₸ төлем алынды, шоттар бойынша: №{invoices}',
        owed: 'Төлеуге қалды: {amount} ₸',
        credit: 'Аванс: {amount} ₸',
        settled: 'Берешек жоқ',
      },
      meter: {
        window_open: '{period} үшін есептегіш көрсеткіштерін беріңіз: {from} – {to}',
        window_closing: '{period} үшін көрсеткіштерді берудің соңғы күні — {to}',
        verification: '№{serial} есептегіштің тексеру мерзімі {verified_until} аяқталады',
      },
      meter_reading: {
        accepted: '№{serial} есептегіштің {period} көрсеткіші қабылданды',
        returned: '№{serial} есептегіштің {period} көрсеткіші қайтарылды: {reason}',
        flagged: '№{serial} есептегіштің {period} көрсеткішін ({renter}) тексеру керек',
      },
      unknown: 'Хабарлама',
    },
  },
} satisfies Pick<Translation, 'notifications'>;
