import type { Translation } from '../i18n-types';

// Notification e-mails (server/modules/email) and the page their unsubscribe link opens.
export const email = {
  notificationMail: {
    greeting: 'Сәлеметсіз бе, {name}!',
    open: 'Mall CRM-де ашу',
    why: 'Бұл хат сізде «{kind}» хаттары қосулы болғандықтан келді.',
    unsubscribe: '«{kind}» хаттарынан бас тарту',
    settings: 'Хабарландыруларды баптау',
  },
  unsubscribe: {
    title: 'Хаттардан бас тарту',
    confirm: '{address} мекенжайына «{kind}» хаттары енді келмейді.',
    confirmNoAddress: '«{kind}» хаттары енді келмейді.',
    submit: 'Бас тарту',
    done: 'Дайын: «{kind}» хаттары енді келмейді. Оларды профильдегі хабарландыру баптауларында қайта қосуға болады.',
    invalid: 'Бас тарту сілтемесі жарамсыз. Хаттарды профильдегі хабарландыру баптауларында реттеуге болады.',
    toProfile: 'Профильді ашу',
  },
} satisfies Pick<Translation, 'notificationMail' | 'unsubscribe'>;
