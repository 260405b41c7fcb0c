import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export type OutboxMail = { file: string; to: string; subject: string; text: string };

/** RFC 2047 encoded-words (=?UTF-8?B?...?= / ?Q?) of a header, decoded. */
function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** Parses a single-part text .eml as the mailer writes it (base64, quoted-printable or plain). */
export function parseEml(raw: string, file = ''): OutboxMail {
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const bodyRaw = raw.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  let text = bodyRaw;
  if (encoding === 'base64') text = Buffer.from(bodyRaw.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (encoding === 'quoted-printable') {
    const bytes = bodyRaw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    text = Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return { file, to: headers.get('to') ?? '', subject: decodeHeader(headers.get('subject') ?? ''), text };
}

/** Every mail in the outbox folder, oldest first (file names start with an ISO timestamp). */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (f) => parseEml(await readFile(path.join(dir, f), 'utf8'), f)));
}

/** The newest mail to an address, or undefined. */
export async function lastMailTo(dir: string, address: string): Promise<OutboxMail | undefined> {
  return (await readOutbox(dir)).filter((m) => m.to.includes(address)).at(-1);
}

/** The first link of a mail's text and its `token` parameter. */
export function linkOf(mail: OutboxMail): { url: URL; token: string } {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in mail ${mail.file}`);
  const url = new URL(match[0]);
  return { url, token: url.searchParams.get('token') ?? '' };
}

/** The last mail to `address`, waited for: a reset link is mailed only after its answer (see waitForOutbox). */
export async function mailTo(dir: string, address: string, timeoutMs = 10_000): Promise<OutboxMail | undefined> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = await lastMailTo(dir, address);
    if (mail || Date.now() > until) return mail;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Waits until the outbox holds at least `count` mails: a reset link is mailed after its 202 has been
 * answered (so the answer's timing tells nothing), not before.
 */
export async function waitForOutbox(dir: string, count: number, timeoutMs = 5_000): Promise<OutboxMail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await readOutbox(dir);
    if (mails.length >= count || Date.now() > until) return mails;
    await new Promise((r) => setTimeout(r, 20));
  }
}
