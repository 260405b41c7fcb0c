import type { NamespaceUnsubscribeTranslation } from '../../i18n-types';

// The page a notification e-mail's unsubscribe link opens.
const unsubscribe = {
  title: 'Хаттардан бас тарту',
  confirm: '{address} мекенжайына «{kind}» хаттары енді келмейді.',
  confirmNoAddress: '«{kind}» хаттары енді келмейді.',
  submit: 'Бас тарту',
  done: 'Дайын: «{kind}» хаттары енді келмейді. Оларды профильдегі хабарландыру баптауларында қайта қосуға болады.',
  invalid: 'Бас тарту сілтемесі жарамсыз. Хаттарды профильдегі хабарландыру баптауларында реттеуге болады.',
  toProfile: 'Профильді ашу',
} satisfies NamespaceUnsubscribeTranslation;

export default unsubscribe;
