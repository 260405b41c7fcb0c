import type { Locales } from '#/i18n/i18n-types';
import { isLocale } from '#/i18n/i18n-util';
import { kindLabel } from '#/shared/notification-kind-label';
import type { NotificationKind } from '#/shared/notification-sentence';
import { paths } from '#/shared/paths';
import type { Source } from '../deliveries/channel';
import { escapeHtml, messageOf, translatorOf } from '../push/message';

export type NotificationMail = { subject: string; text: string; html: string };

/**
 * The mail of an inbox row, in the recipient's language: the push's title and sentence (one renderer
 * for the inbox, the push and the mail) as its subject, a greeting, the record's link, and a footer
 * that says why it came and unsubscribes from this kind alone. HTML for phones (one narrow column,
 * a big link) and the same as plain text.
 */
export function notificationMail(
  source: Source,
  to: { language: Locales | string; fullName: string },
  links: { publicUrl: string; unsubscribeToken: string },
): NotificationMail {
  const LL = translatorOf(to.language);
  const m = LL.notificationMail;
  const push = messageOf(source, to.language);
  const record = `${links.publicUrl}${push.link}`;
  const unsubscribe = `${links.publicUrl}${paths.unsubscribe(links.unsubscribeToken)}`;
  const settings = `${links.publicUrl}${paths.profile}`;
  const kind = kindLabel(LL, source.kind as NotificationKind);
  const greeting = m.greeting({ name: to.fullName });
  const text = [
    greeting,
    '',
    push.body,
    '',
    `${m.open()}: ${record}`,
    '',
    '-- ',
    m.why({ kind }),
    `${m.unsubscribe({ kind })}: ${unsubscribe}`,
    `${m.settings()}: ${settings}`,
    '',
  ].join('\n');
  const e = escapeHtml;
  const muted = 'color:#6b7280;font-size:13px;line-height:1.5';
  const html = `<!doctype html>
<html lang="${isLocale(to.language) ? to.language : 'ru'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(push.title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<div style="max-width:560px;margin:0 auto;padding:16px;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#111827">
<div style="background:#ffffff;border-radius:8px;padding:20px">
<p style="margin:0 0 4px;${muted}">${e(push.title)}</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${e(greeting)}</p>
<p style="margin:0 0 20px;font-size:18px;line-height:1.4;font-weight:600">${e(push.body)}</p>
<p style="margin:0"><a href="${e(record)}" style="display:inline-block;padding:12px 20px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;font-size:16px">${e(m.open())}</a></p>
</div>
<p style="margin:16px 4px 0;${muted}">${e(m.why({ kind }))}<br>
<a href="${e(unsubscribe)}" style="color:#6b7280">${e(m.unsubscribe({ kind }))}</a> · <a href="${e(settings)}" style="color:#6b7280">${e(m.settings())}</a></p>
</div>
</body>
</html>
`;
  return { subject: `${push.title}: ${push.body}`, text, html };
}
