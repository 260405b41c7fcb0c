import type { BaseTranslation } from '../../i18n-types';

// Telegram: the profile's card and the bot's own messages.
const telegram = {
  title: 'Telegram',
  hint: 'Уведомления приходят и в Telegram, а арендаторы могут подавать заявки прямо в боте.',
  notConfigured: 'Telegram-бот не настроен на сервере. Чтобы его включить, обратитесь к администратору системы.',
  link: 'Привязать Telegram',
  waiting: 'Откройте ссылку в Telegram и нажмите «Начать» (Start). Эта страница обновится сама.',
  openAgain: 'Открыть ссылку ещё раз',
  linked: 'Привязан: {account}',
  noUsername: 'аккаунт без имени пользователя',
  since: 'с {date}',
  unlink: 'Отвязать',
  unlinkConfirm: 'Отвязать Telegram? Бот перестанет вам писать.',
  unlinked: 'Telegram отвязан',
  failed: 'Не удалось: попробуйте ещё раз',
  bot: {
    about: 'Я бот {product}: присылаю ваши уведомления, а арендаторы подают через меня заявки.',
    howToLink: 'Чтобы привязать этот чат, войдите в {url}, откройте профиль и нажмите «Привязать Telegram».',
    linked: 'Чат привязан: {name}. Уведомления будут приходить сюда.',
    badToken: 'Ссылка устарела или уже использована. Создайте новую в профиле: «Привязать Telegram».',
    commands: 'Команды: /mine — мои заявки, /new — новая заявка, /cancel — отменить.',
    commandsStaff: 'Команда: /mine — заявки, назначенные вам.',
    open: 'Открыть',
    mine: 'Последние заявки:',
    mineNone: 'Заявок пока нет.',
    onlyTenants: 'Подать заявку в боте может арендатор. Сотрудники создают заявки в приложении.',
    noTypes: 'Сейчас нет видов заявок, которые можно подать.',
    chooseType: 'Выберите вид заявки:',
    writeText: 'Вид: {type}. Опишите проблему одним сообщением.',
    addPhotos: 'Приложите фото, если нужно (до {max:number}), и нажмите «Отправить».',
    photoAdded: 'Фото {count:number} из {max:number} добавлено.',
    tooManyPhotos: 'Не больше {max:number} фото.',
    send: 'Отправить',
    cancel: 'Отменить',
    created: 'Заявка №{number:number} подана. Её статус — в /mine.',
    stale: 'Эта заявка уже не заполняется: начните заново с /new.',
    failed: 'Заявка не подана: {reason}',
    cancelled: 'Отменено.',
  },
} satisfies BaseTranslation;

export default telegram;
