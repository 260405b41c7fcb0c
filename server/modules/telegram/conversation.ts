import type { FastifyBaseLogger } from 'fastify';
import { type Bot, type Context, InlineKeyboard } from 'grammy';
import type { Locales } from '#/i18n/i18n-types';
import { baseLocale, isLocale } from '#/i18n/i18n-util';
import { paths } from '#/shared/paths';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { type LL, translatorIn } from '../../http/i18n';
import { nameIn } from '../../http/names';
import type { TelegramBot } from '../../telegram/bot';
import { escapeHtml, PRODUCT } from '../push/message';
import { linkChat, personOfChat } from './links';
import {
  addDraftPhoto,
  chosenType,
  claimDraft,
  type Draft,
  draftOf,
  dropDraft,
  fileDraft,
  MAX_PHOTOS,
  type Person,
  recentRequests,
  saveDraft,
  typesFor,
} from './requests';

const MAX_DESCRIPTION = 2000;

/** A chat not linked is read in its Telegram language when we speak it, else in ru. */
const localeOfCode = (code: string | undefined): Locales => {
  const tag = (code ?? '').slice(0, 2).toLowerCase();
  return isLocale(tag) ? tag : baseLocale;
};

/** What a refusal of the API's own checks says, in the person's language: the field's message, else the code's. */
export function errorText(err: AppError, ll: LL): string {
  const field = err.fields && Object.values(err.fields)[0];
  return field ? field(ll) : (ll.errors[err.code] as (p?: unknown) => string)(err.params);
}

type Chat = { id: number; person: Person | null; locale: Locales; LL: LL };

/**
 * The bot's conversation in private chats. A chat not linked hears only what the bot is and how to
 * link it from the profile (`/start <token>` links it); a linked one is read in its person's language:
 * `/mine`, and for tenants `/new` (type, text, photos, "Send") with `/cancel`. The draft lives in
 * telegram_drafts, so a restart or another process takes the next message where this one left it.
 */
export function installConversation(telegram: TelegramBot, deps: Deps, log: Pick<FastifyBaseLogger, 'error'>): void {
  const { db, config } = deps;
  const bot: Bot = telegram.bot;
  const hint = (ll: LL) => `${ll.telegram.bot.about({ product: PRODUCT })}\n\n${ll.telegram.bot.howToLink({ url: config.publicUrl })}`;
  const commands = (person: Person, ll: LL) => (person.role === 'renter' ? ll.telegram.bot.commands() : ll.telegram.bot.commandsStaff());
  const draftKeyboard = (ll: LL) => new InlineKeyboard().text(ll.telegram.bot.send(), 'send').text(ll.telegram.bot.cancel(), 'cancel');

  /** A refusal the person can act on is said; anything else is logged and said as the server's fault. */
  const failure = (err: unknown, ll: LL) => {
    if (err instanceof AppError) return errorText(err, ll);
    log.error({ err }, 'Telegram request not filed');
    return ll.errors.internal();
  };

  async function start(ctx: Context, chat: Chat, payload: string | undefined) {
    if (!payload) {
      const ll = chat.LL;
      await ctx.reply(chat.person ? `${ll.telegram.bot.about({ product: PRODUCT })}\n\n${commands(chat.person, ll)}` : hint(ll));
      return;
    }
    const linked = await linkChat(db, payload, chat.id, ctx.from?.username ?? null);
    const person = linked && (await personOfChat(db, chat.id));
    if (!person) {
      await ctx.reply(`${chat.LL.telegram.bot.badToken()}\n\n${chat.LL.telegram.bot.howToLink({ url: config.publicUrl })}`);
      return;
    }
    const ll = translatorIn(isLocale(person.language) ? person.language : baseLocale);
    await ctx.reply(`${ll.telegram.bot.linked({ name: person.fullName })}\n\n${commands(person, ll)}`);
  }

  async function mine(ctx: Context, person: Person, chat: Chat) {
    const ll = chat.LL;
    const rows = await recentRequests(db, person, chat.locale);
    if (rows.length === 0) {
      await ctx.reply(ll.telegram.bot.mineNone());
      return;
    }
    const lines = rows.map((r) => {
      const url = `${config.publicUrl}${paths.requests.view(r.id)}`;
      return `<a href="${escapeHtml(url)}">№${r.number}</a> · ${escapeHtml(r.type.name)} · ${escapeHtml(ll.requests.statuses[r.status]())}`;
    });
    await ctx.reply(`${ll.telegram.bot.mine()}\n${lines.join('\n')}`, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
  }

  async function newRequest(ctx: Context, person: Person, chat: Chat) {
    const ll = chat.LL;
    const offered =
      person.role === 'renter' ? await typesFor(db, person).catch((err: unknown) => (err instanceof AppError ? null : Promise.reject(err))) : null;
    if (!offered) {
      await ctx.reply(ll.telegram.bot.onlyTenants());
      return;
    }
    if (offered.types.length === 0) {
      await ctx.reply(ll.telegram.bot.noTypes());
      return;
    }
    await saveDraft(db, chat.id, person.id, 'type', {});
    const keyboard = new InlineKeyboard();
    for (const t of offered.types) keyboard.text(nameIn(t, chat.locale), `t:${t.id}`).row();
    keyboard.text(ll.telegram.bot.cancel(), 'cancel');
    await ctx.reply(ll.telegram.bot.chooseType(), { reply_markup: keyboard });
  }

  async function typeChosen(ctx: Context, person: Person, chat: Chat, typeId: string) {
    const ll = chat.LL;
    const draft = await draftOf(db, chat.id, person.id);
    if (draft?.step !== 'type') {
      await ctx.reply(ll.telegram.bot.stale());
      return;
    }
    let type: Awaited<ReturnType<typeof chosenType>>;
    try {
      type = await chosenType(db, person, typeId);
    } catch (err) {
      await ctx.reply(failure(err, ll));
      return;
    }
    if (!type) {
      await ctx.reply(ll.telegram.bot.onlyTenants());
      return;
    }
    const typeName = nameIn(type, chat.locale);
    await saveDraft(db, chat.id, person.id, 'text', { typeId, typeName });
    await ctx.reply(ll.telegram.bot.writeText({ type: typeName }));
  }

  async function described(ctx: Context, person: Person, chat: Chat, draft: Draft, text: string) {
    const ll = chat.LL;
    const description = text.trim();
    if (description.length > MAX_DESCRIPTION) {
      await ctx.reply(ll.validation.maxLength({ max: MAX_DESCRIPTION }));
      return false;
    }
    if (!description) return false;
    await saveDraft(db, chat.id, person.id, 'photos', { ...draft.data, description }, draft.photos);
    return true;
  }

  async function photo(ctx: Context, person: Person, chat: Chat, fileId: string) {
    const ll = chat.LL;
    let draft = await draftOf(db, chat.id, person.id);
    // A photo with a caption may carry the text itself.
    const caption = ctx.message?.caption;
    if (draft?.step === 'text' && caption && (await described(ctx, person, chat, draft, caption))) draft = await draftOf(db, chat.id, person.id);
    if (draft?.step !== 'photos') {
      await ctx.reply(draft ? ll.telegram.bot.writeText({ type: draft.data.typeName ?? '' }) : commands(person, ll));
      return;
    }
    const count = await addDraftPhoto(db, chat.id, person.id, fileId);
    if (count === null) {
      await ctx.reply(ll.telegram.bot.tooManyPhotos({ max: MAX_PHOTOS }), { reply_markup: draftKeyboard(ll) });
      return;
    }
    await ctx.reply(ll.telegram.bot.photoAdded({ count, max: MAX_PHOTOS }), { reply_markup: draftKeyboard(ll) });
  }

  async function text(ctx: Context, person: Person, chat: Chat, message: string) {
    const ll = chat.LL;
    const draft = await draftOf(db, chat.id, person.id);
    if (draft?.step === 'text') {
      if (await described(ctx, person, chat, draft, message)) {
        await ctx.reply(ll.telegram.bot.addPhotos({ max: MAX_PHOTOS }), { reply_markup: draftKeyboard(ll) });
      }
      return;
    }
    if (draft?.step === 'photos') {
      await ctx.reply(ll.telegram.bot.addPhotos({ max: MAX_PHOTOS }), { reply_markup: draftKeyboard(ll) });
      return;
    }
    if (draft?.step === 'type') {
      await ctx.reply(ll.telegram.bot.chooseType());
      return;
    }
    await ctx.reply(commands(person, ll));
  }

  async function send(ctx: Context, person: Person, chat: Chat) {
    const ll = chat.LL;
    const draft = await claimDraft(db, chat.id, person.id);
    if (!draft) {
      await ctx.reply(ll.telegram.bot.stale());
      return;
    }
    try {
      const number = await fileDraft(deps, telegram, person, draft);
      await ctx.reply(ll.telegram.bot.created({ number }));
    } catch (err) {
      // The draft comes back, so a photo refused can be left out by starting again, or the send retried.
      await saveDraft(db, chat.id, person.id, draft.step, draft.data, draft.photos);
      await ctx.reply(ll.telegram.bot.failed({ reason: failure(err, ll) }), { reply_markup: draftKeyboard(ll) });
    }
  }

  bot.on(['message', 'callback_query:data'], async (ctx) => {
    const tgChat = ctx.chat;
    if (tgChat?.type !== 'private') return;
    const person = await personOfChat(db, tgChat.id);
    const locale = person && isLocale(person.language) ? person.language : localeOfCode(ctx.from?.language_code);
    const chat: Chat = { id: tgChat.id, person, locale, LL: translatorIn(locale) };
    const data = ctx.callbackQuery?.data;
    if (data !== undefined) await ctx.answerCallbackQuery();
    const message = ctx.message?.text ?? '';
    const command = /^\/([a-z]+)(?:@\w+)?(?:\s+(.*))?$/s.exec(message.trim());
    if (command?.[1] === 'start') return start(ctx, chat, command[2]?.trim() || undefined);
    // Whatever an unlinked chat sends, it learns only how to link: nothing of any account.
    if (!person) return void (await ctx.reply(hint(chat.LL)));
    if (data === 'send') return send(ctx, person, chat);
    if (data === 'cancel' || command?.[1] === 'cancel') {
      await dropDraft(db, chat.id);
      return void (await ctx.reply(chat.LL.telegram.bot.cancelled()));
    }
    if (data?.startsWith('t:')) return typeChosen(ctx, person, chat, data.slice(2));
    if (data !== undefined) return;
    if (command?.[1] === 'mine') return mine(ctx, person, chat);
    if (command?.[1] === 'new') return newRequest(ctx, person, chat);
    if (command) return void (await ctx.reply(commands(person, chat.LL)));
    const photos = ctx.message?.photo;
    const image = ctx.message?.document?.mime_type?.startsWith('image/') ? ctx.message.document.file_id : undefined;
    const fileId = photos?.at(-1)?.file_id ?? image;
    if (fileId) return photo(ctx, person, chat, fileId);
    if (message) return text(ctx, person, chat, message);
    await ctx.reply(commands(person, chat.LL));
  });
}
