import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

/**
 * A mail of the outbox folder (the mailer without SMTP_URL). `unsubscribe` is its List-Unsubscribe
 * address: a notification's (server/modules/email), null for the account's own mails (a password
 * link, an invitation).
 */
export type OutboxMail = { file: string; to: string; subject: string; text: string; html: string | null; unsubscribe: string | null };

/** Parses an .eml as the mailer writes it: one text part, or a notification's text and HTML. */
export async function parseEml(raw: Buffer | string, file = ''): Promise<OutboxMail> {
  const mail = await simpleParser(raw);
  const to = [mail.to ?? []].flat().map((a) => a.text);
  const unsubscribe = mail.headerLines.find((l) => l.key === 'list-unsubscribe')?.line.replace(/^[^:]*:\s*/, '') ?? null;
  return { file, to: to.join(', '), subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || null, unsubscribe };
}

/** Every mail in the outbox folder, oldest first (file names start with an ISO timestamp). */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (f) => parseEml(await readFile(path.join(dir, f)), f)));
}

/** A mail with a password link (a reset, a first sign-in): what the account's helpers below look for. */
export const hasPasswordLink = (mail: OutboxMail) => /\/auth\/(refresh-password|first-login)\?token=/.test(mail.text);

/**
 * The newest mail to an address that `wanted` picks (one with a password link unless told), or
 * undefined: notifications mailed to the same person meanwhile are passed over.
 */
export async function lastMailTo(dir: string, address: string, wanted: (mail: OutboxMail) => boolean = hasPasswordLink): Promise<OutboxMail | undefined> {
  return (await readOutbox(dir)).filter((m) => m.to.includes(address) && wanted(m)).at(-1);
}

/** The first link of a mail's text and its `token` parameter. */
export function linkOf(mail: OutboxMail): { url: URL; token: string } {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in mail ${mail.file}`);
  const url = new URL(match[0]);
  return { url, token: url.searchParams.get('token') ?? '' };
}

/** The last mail to `address` that `wanted` picks, waited for: a reset link is mailed only after its answer (see waitForOutbox). */
export async function mailTo(
  dir: string,
  address: string,
  timeoutMs = 10_000,
  wanted: (mail: OutboxMail) => boolean = hasPasswordLink,
): Promise<OutboxMail | undefined> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = await lastMailTo(dir, address, wanted);
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
