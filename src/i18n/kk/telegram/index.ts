import type { NamespaceTelegramTranslation } from '../../i18n-types';

// Telegram: the profile's card and the bot's own messages.
const telegram = {
  title: 'Telegram',
  hint: 'Хабарламалар Telegram-ға да келеді, ал жалға алушылар өтінімді тікелей ботта бере алады.',
  notConfigured: 'Серверде Telegram-бот бапталмаған. Оны қосу үшін жүйе әкімшісіне хабарласыңыз.',
  link: 'Telegram-ды байланыстыру',
  waiting: 'Сілтемені Telegram-да ашып, «Бастау» (Start) түймесін басыңыз. Бұл бет өзі жаңарады.',
  openAgain: 'Сілтемені қайта ашу',
  linked: 'Байланыстырылған: {account}',
  noUsername: 'пайдаланушы аты жоқ аккаунт',
  since: '{date} бастап',
  unlink: 'Ажырату',
  unlinkConfirm: 'Telegram-ды ажырату керек пе? Бот сізге жазуды тоқтатады.',
  unlinked: 'Telegram ажыратылды',
  failed: 'Болмады: қайталап көріңіз',
  bot: {
    about: 'Мен {product} ботымын: хабарламаларыңызды жіберемін, ал жалға алушылар мен арқылы өтінім береді.',
    howToLink: 'Бұл чатты байланыстыру үшін {url} сайтына кіріп, профильді ашып, «Telegram-ды байланыстыру» түймесін басыңыз.',
    linked: 'Чат байланыстырылды: {name}. Хабарламалар осында келеді.',
    badToken: 'Сілтеменің мерзімі өткен немесе ол қолданылған. Профильде жаңасын жасаңыз: «Telegram-ды байланыстыру».',
    commands: 'Командалар: /mine — менің өтінімдерім, /new — жаңа өтінім, /cancel — болдырмау.',
    commandsStaff: 'Команда: /mine — сізге тағайындалған өтінімдер.',
    open: 'Ашу',
    mine: 'Соңғы өтінімдер:',
    mineNone: 'Әзірге өтінім жоқ.',
    onlyTenants: 'Ботта өтінімді жалға алушы береді. Қызметкерлер өтінімді қосымшада жасайды.',
    noTypes: 'Қазір беруге болатын өтінім түрлері жоқ.',
    chooseType: 'Өтінім түрін таңдаңыз:',
    writeText: 'Түрі: {type}. Мәселені бір хабарламамен сипаттаңыз.',
    addPhotos: 'Қажет болса, фото тіркеңіз ({max} дейін), содан кейін «Жіберу» түймесін басыңыз.',
    photoAdded: '{max} фотоның {count}-і тіркелді.',
    tooManyPhotos: '{max} фотодан артық емес.',
    send: 'Жіберу',
    cancel: 'Болдырмау',
    created: '№{number} өтінім берілді. Оның мәртебесі — /mine ішінде.',
    stale: 'Бұл өтінім енді толтырылмайды: /new арқылы қайта бастаңыз.',
    failed: 'Өтінім берілмеді: {reason}',
    cancelled: 'Болдырылмады.',
  },
} satisfies NamespaceTelegramTranslation;

export default telegram;
