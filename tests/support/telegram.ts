import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Harness } from './api-harness';

/** A real 16×16 JPEG (543 bytes): what Telegram serves for a photo. */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAAQABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABwQF/8QAJBAAAQQBBAICAwAAAAAAAAAAAQIDBAYFBwgSExEiABQJMTL/xAAVAQEBAAAAAAAAAAAAAAAAAAAABv/EACMRAAECBQMFAAAAAAAAAAAAAAECEQMEBQYhABIxFRZhgeH/2gAMAwEAAhEDEQA/ABSm0mobc8HmExLUlRzzEWPkJWW+ulrsaUVAseUgslSlH9LKuPryIKuWPZdskzXmm3fX5m2nF4GlVxx/HOpx4ks51+MiU/Iaad7UcUo4tILoS4kqcWkezS0hO/HvuRp0rO6hWnWO1UisZVuFi4GFeyEpmGepa5S5SWVPuciFKRFLgSrwetnyPIB+Vb4N9mKhQMzo5po9XLdDs9d6ZVix2VEhiL9kuNPxw2gEKcDQ/rs8AuA8VAe0vdl7VOYn+27flGAUgmITjbhSmCg3BYlyeWDkMolvw4KOp1KM6iCNvngZHwetf//Z',
  'base64',
);

export type TelegramCall = { method: string; params: Record<string, any>; at: number };

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, any>) : {};
};

/**
 * A fake Telegram Bot API on 127.0.0.1 (the server's TELEGRAM_API_ROOT): POST /bot<token>/<method>
 * answers {ok, result} for the methods the product calls and records each call with its time; GET
 * /file/bot<token>/<path> serves JPEG. Chats in `blocked` answer 403, as Telegram does when the bot
 * was blocked; `failGetMe` refuses the token.
 */
export async function fakeTelegram(opts: { failGetMe?: boolean } = {}) {
  const token = '123456789:TEST-fake-token';
  const username = 'mall_crm_test_bot';
  const calls: TelegramCall[] = [];
  const blocked = new Set<number>();
  let messageId = 0;
  const answer = (method: string, params: Record<string, any>): { status: number; body: unknown } => {
    const ok = (result: unknown) => ({ status: 200, body: { ok: true, result } });
    switch (method) {
      case 'getMe':
        if (opts.failGetMe) return { status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } };
        return ok({
          id: 123456789,
          is_bot: true,
          first_name: 'Mall CRM',
          username,
          can_join_groups: false,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        });
      case 'sendMessage':
        if (blocked.has(Number(params.chat_id)))
          return { status: 403, body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' } };
        messageId += 1;
        return ok({ message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: Number(params.chat_id), type: 'private' }, text: params.text });
      case 'getFile':
        return ok({ file_id: params.file_id, file_unique_id: `u-${params.file_id}`, file_size: JPEG.length, file_path: `photos/${params.file_id}.jpg` });
      case 'getUpdates':
        return ok([]);
      default:
        return ok(true);
    }
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname.startsWith(`/file/bot${token}/`)) {
      calls.push({ method: 'file', params: { path: url.pathname.slice(`/file/bot${token}/`.length) }, at: Date.now() });
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': JPEG.length }).end(JPEG);
      return;
    }
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
    if (req.method !== 'POST' || !match || match[1] !== token) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
      return;
    }
    const method = match[2] as string;
    const params = await readBody(req);
    calls.push({ method, params, at: Date.now() });
    // A long poll with nothing to say holds a while, as Telegram's does, rather than spinning.
    if (method === 'getUpdates') await new Promise((r) => setTimeout(r, 500));
    const { status, body } = answer(method, params);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    username,
    calls,
    blocked,
    /** Calls of one method, oldest first. */
    callsTo: (method: string) => calls.filter((c) => c.method === method),
    /** Messages sent to one chat, oldest first. */
    sentTo: (chatId: number) => calls.filter((c) => c.method === 'sendMessage' && Number(c.params.chat_id) === chatId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let updateId = 0;
const sender = (chatId: number, languageCode: string) => ({
  id: chatId,
  is_bot: false,
  first_name: 'Test',
  username: `user${chatId}`,
  language_code: languageCode,
});
const privateChat = (chatId: number) => ({ id: chatId, type: 'private', first_name: 'Test', username: `user${chatId}` });

/** Telegram's updates as a private chat sends them. */
export const updates = {
  text: (chatId: number, text: string, languageCode = 'ru') => {
    updateId += 1;
    const command = text.startsWith('/') ? [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 }] : undefined;
    return {
      update_id: updateId,
      message: {
        message_id: updateId,
        date: Math.floor(Date.now() / 1000),
        chat: privateChat(chatId),
        from: sender(chatId, languageCode),
        text,
        entities: command,
      },
    };
  },
  photo: (chatId: number, fileId: string, caption?: string) => {
    updateId += 1;
    const size = (w: number) => ({
      file_id: `${fileId}${w === 16 ? '' : '-small'}`,
      file_unique_id: `u-${fileId}-${w}`,
      width: w,
      height: w,
      file_size: JPEG.length,
    });
    return {
      update_id: updateId,
      message: {
        message_id: updateId,
        date: Math.floor(Date.now() / 1000),
        chat: privateChat(chatId),
        from: sender(chatId, 'ru'),
        photo: [size(8), size(16)],
        caption,
      },
    };
  },
  callback: (chatId: number, data: string) => {
    updateId += 1;
    return {
      update_id: updateId,
      callback_query: {
        id: String(updateId),
        from: sender(chatId, 'ru'),
        chat_instance: String(chatId),
        data,
        message: { message_id: 1, date: Math.floor(Date.now() / 1000), chat: privateChat(chatId), text: '…' },
      },
    };
  },
};

/** Posts an update to the webhook as Telegram does, with the secret given (the suite's by default). */
export const postUpdate = (h: Harness, update: unknown, secret = h.config.telegramWebhookSecret ?? '') =>
  h.api('/telegram/webhook', { body: update, headers: { 'x-telegram-bot-api-secret-token': secret } });
