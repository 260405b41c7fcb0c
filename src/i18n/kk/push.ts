import type { Translation } from '../i18n-types';

// Push notifications: the profile's section and the /fcm-test page.
export const push = {
  push: {
    title: 'Push-хабарламалар',
    hint: 'Хабарламалар осы құрылғыға қойынды жабық болса да келеді. Қолданбаның өзінде олар әрқашан көрінеді.',
    states: {
      unsupported: 'Бұл браузер push-хабарламаларды қолдамайды',
      notConfigured: 'Серверде push-хабарламалар бапталмаған',
      blocked: 'Бұл сайт үшін хабарламаларға браузер баптауларында тыйым салынған',
      off: 'Осы құрылғыда өшірулі',
      on: 'Осы құрылғыда қосулы',
    },
    turnOn: 'Push-хабарламаларды қосу',
    turnOff: 'Push-хабарламаларды өшіру',
    turnOnFailed: 'Push-хабарламаларды қосу мүмкін болмады',
    kindsTitle: 'Нені жіберу керек',
    kinds: {
      request: { status: 'Өтінім мәртебесі өзгертілді', assigned: 'Сізге өтінім тағайындалды', visitor: 'Келушіден өтінім' },
      task: {
        assigned: 'Сізге тапсырма берілді',
        complete: 'Тапсырма орындалды',
        reject: 'Тапсырмадан бас тартылды',
        return: 'Тапсырма қайтарылды',
        accept: 'Тапсырма қабылданды',
        expire: 'Тапсырманың мерзімі өткен',
      },
      questionnaire: { new: 'Жаңа сауалнама' },
      notice: { renters: 'Жалға алушыларға хабарламалар', employees: 'Қызметкерлерге хабарламалар' },
      violation: {
        issue: 'Атыңызға бұзушылық тіркелді',
        reject: 'Қарсылық қабылданбады',
        uphold: 'Қарсылық қабылданды',
        return: 'Түзету қабылданбады',
        confirm: 'Түзету расталды',
        acknowledge: 'Бұзушылық мойындалды',
        dispute: 'Бұзушылыққа дау айтылды',
        fix: 'Бұзушылық түзетілді',
        overdue: 'Бұзушылықты түзету мерзімі өтті',
      },
      contract: { expiring: 'Жалдау шартының мерзімі аяқталуда', ends_soon: 'Жалдау шартының аяқталуына 30 күн қалды' },
      event: { invited: 'Оқиғаға шақыру', changed: 'Оқиға өзгертілді', cancelled: 'Оқиға болдырылмады', reminder: 'Оқиға туралы еске салу' },
    },
    saveFailed: 'Баптауды сақтау мүмкін болмады',
    testLink: 'Push-хабарламаларды тексеру',
    test: {
      title: 'Push-хабарламаларды тексеру',
      notConfigured: 'Бұл серверде push-хабарламалар бапталмаған. FCM_SERVICE_ACCOUNT, FIREBASE_WEB_CONFIG және FCM_VAPID_KEY орта айнымалыларын орнатыңыз.',
      permission: 'Браузер рұқсаты',
      permissions: { default: 'сұралмаған', granted: 'рұқсат етілген', denied: 'тыйым салынған', unsupported: 'қолдау көрсетілмейді' },
      token: 'Осы құрылғының токені',
      noToken: 'Жоқ: профильде push-хабарламаларды қосыңыз',
      send: 'Өзіме сынақ хабарламасын жіберу',
      result: 'Жіберілді: {sent}, ескірген токендер жойылды: {dropped}, сәтсіз: {failed}',
      body: 'Тексеру: осы құрылғыда push-хабарламалар жұмыс істейді',
    },
  },
} satisfies Pick<Translation, 'push'>;
