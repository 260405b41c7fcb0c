import type { NamespaceTelegramTranslation } from '../../i18n-types';

// Telegram: the profile's card and the bot's own messages.
const telegram = {
  title: 'Telegram',
  hint: 'Notifications arrive in Telegram too, and tenants can file requests right in the bot.',
  notConfigured: 'The Telegram bot is not set up on this server. To turn it on, ask the system administrator.',
  link: 'Link Telegram',
  waiting: 'Open the link in Telegram and press Start. This page updates by itself.',
  openAgain: 'Open the link again',
  linked: 'Linked: {account}',
  noUsername: 'an account without a username',
  since: 'since {date}',
  unlink: 'Unlink',
  unlinkConfirm: 'Unlink Telegram? The bot will stop writing to you.',
  unlinked: 'Telegram unlinked',
  failed: 'That did not work: try again',
  bot: {
    about: 'I am the {product} bot: I send your notifications, and tenants file requests through me.',
    howToLink: 'To link this chat, sign in at {url}, open your profile and press “Link Telegram”.',
    linked: 'Chat linked: {name}. Your notifications will arrive here.',
    badToken: 'This link has expired or was already used. Make a new one in your profile: “Link Telegram”.',
    commands: 'Commands: /mine — my requests, /new — new request, /cancel — cancel.',
    commandsStaff: 'Command: /mine — requests assigned to you.',
    open: 'Open',
    mine: 'Recent requests:',
    mineNone: 'No requests yet.',
    onlyTenants: 'Requests are filed in the bot by tenants. Staff create them in the app.',
    noTypes: 'There are no request types you can file right now.',
    chooseType: 'Choose the type of request:',
    writeText: 'Type: {type}. Describe the problem in one message.',
    addPhotos: 'Attach photos if needed (up to {max}), then press “Send”.',
    photoAdded: 'Photo {count} of {max} attached.',
    tooManyPhotos: 'No more than {max} photos.',
    send: 'Send',
    cancel: 'Cancel',
    created: 'Request #{number} is filed. Its status is in /mine.',
    stale: 'This request is no longer being filled in: start again with /new.',
    failed: 'The request was not filed: {reason}',
    cancelled: 'Cancelled.',
  },
} satisfies NamespaceTelegramTranslation;

export default telegram;
