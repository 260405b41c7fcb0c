import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';

/**
 * One message: plain text always (the password mails are nothing else); a notification adds its HTML
 * part, its List-* headers (`list`, e.g. `{ unsubscribe: url }` for List-Unsubscribe) and others.
 */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  list?: SendMailOptions['list'];
  headers?: Record<string, string>;
};
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Closes the connections it keeps (the app is closing). */
  close(): void;
}

/**
 * Whether a send failed for the address itself: a permanent (5xx) answer to its RCPT TO or to its
 * message. Mailing it again cannot work. A 5xx elsewhere (the sign-in, our sender) is this server's
 * setting, and a 4xx or a dropped connection passes: both are tried again.
 */
export function isAddressRefused(err: unknown): boolean {
  const { responseCode, command } = (err ?? {}) as { responseCode?: unknown; command?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && (command === 'RCPT TO' || command === 'DATA');
}

/** Files of one millisecond keep their order and never overwrite each other. */
let written = 0;

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to the outbox folder,
 * so the password-reset flow works on a fresh machine (README: "Mail").
 */
export function createMailer(opts: { smtpUrl: string | null; from: string; outboxDir: string }): Mailer {
  if (opts.smtpUrl) {
    // A pool of connections (5, each reused for 100 messages) unless the address says otherwise: a notice
    // to every tenant by e-mail is thousands of messages, not a connection and a handshake each.
    const url = new URL(opts.smtpUrl);
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
    const transport = nodemailer.createTransport(url.toString());
    return {
      close: () => transport.close(),
      async send(mail) {
        const info = await transport.sendMail({ from: opts.from, ...mail });
        // Some of several recipients refused: said as the refusal of the first, as if it were the only one.
        const [refused] = (info as { rejectedErrors?: Array<Error & { responseCode?: number }> }).rejectedErrors ?? [];
        if (info.rejected.length > 0)
          throw Object.assign(new Error(`recipient refused: ${refused?.message ?? ''}`), { responseCode: refused?.responseCode, command: 'RCPT TO' });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    close: () => transport.close(),
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await mkdir(opts.outboxDir, { recursive: true });
      written += 1;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(written).padStart(6, '0')}-${mail.to.replace(/[^\w.@-]/g, '_')}.eml`;
      await writeFile(path.join(opts.outboxDir, name), info.message as Buffer);
    },
  };
}
