import type { components } from '#/api/schema';
import { formatDateTime, formatDay, formatDecimal, formatMonth } from '#/i18n/formatters';
import type { Locales, TranslationFunctions } from '#/i18n/i18n-types';
import { paths } from './paths';

/** What a notification keeps (the inbox's row, a push's source): its kind, its values, its record. */
type Notification = {
  kind: string;
  params: Record<string, unknown>;
  subject: { type: string; id: string };
};

/**
 * Every kind of notification the product writes (server/modules/*\/notices.ts): the inbox renders
 * each, and a user may turn the push of each off. A kind added by a module is added here.
 */
export const notificationKinds = [
  'request.status',
  'request.assigned',
  'request.visitor',
  'request.rating',
  'request.comment',
  'task.assigned',
  'task.complete',
  'task.reject',
  'task.return',
  'task.accept',
  'task.expire',
  'questionnaire.new',
  'notice.renters',
  'notice.employees',
  'violation.issue',
  'violation.reject',
  'violation.uphold',
  'violation.return',
  'violation.confirm',
  'violation.acknowledge',
  'violation.dispute',
  'violation.fix',
  'violation.overdue',
  'contract.expiring',
  'contract.ends_soon',
  'event.invited',
  'event.changed',
  'event.cancelled',
  'event.reminder',
  'invoice.issued',
  'invoice.reminder',
  'payment.received',
  'meter_reading.accepted',
  'meter_reading.returned',
  'meter_reading.flagged',
  'meter.window_open',
  'meter.window_closing',
  'meter.verification',
  'request.escalation',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * A tenant's own: its invoices issued, the reminders to pay them, its payments received, its readings
 * decided, the reading window's reminders (to it alone).
 */
const tenantOwnKinds: NotificationKind[] = [
  'invoice.issued',
  'invoice.reminder',
  'payment.received',
  'meter_reading.accepted',
  'meter_reading.returned',
  'meter.window_open',
  'meter.window_closing',
];

/** What a renter can be told: its requests' status, tasks given to it, the centre's notices, its violations' steps by staff, its events. */
const renterKinds = new Set<NotificationKind>([
  'request.status',
  'task.assigned',
  'task.return',
  'task.accept',
  'task.expire',
  'notice.renters',
  'violation.issue',
  'violation.reject',
  'violation.uphold',
  'violation.return',
  'violation.confirm',
  'violation.overdue',
  'event.invited',
  'event.changed',
  'event.cancelled',
  'event.reminder',
  ...tenantOwnKinds,
]);

/** The kinds a role can be told, each with its push switch: a renter its own; staff all but those written to renters only. */
export const kindsFor = (role: string): NotificationKind[] =>
  notificationKinds.filter((kind) => (role === 'renter' ? renterKinds.has(kind) : kind !== 'notice.renters' && !tenantOwnKinds.includes(kind)));

type RequestStatus = keyof TranslationFunctions['requests']['statuses'];

/** What a notification is about: the contract's subjects. A kind's group (`violation.issue`) is its subject's type. */
export type SubjectType = components['schemas']['Notification']['subject']['type'];
type Sentence = (LL: TranslationFunctions, n: Pick<Notification, 'kind' | 'params'>, locale: Locales) => string;

/** An exact decimal of `params` (tenge) as the reader's language writes it. */
const money = (params: Notification['params'], key: string, locale: Locales) => formatDecimal(text(params, key) || '0', locale);

/** A reading's month (`period`, its first day) by its name in the reader's language; inside a Russian sentence in small letters. */
const month = (params: Notification['params'], locale: Locales) => {
  const name = formatMonth(text(params, 'period').slice(0, 7), locale);
  return locale === 'ru' ? name.charAt(0).toLowerCase() + name.slice(1) : name;
};

/** A value of `params` as text: the server writes numbers and titles, a missing one shows as nothing. */
const text = (params: Notification['params'], key: string) => {
  const value = params[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/**
 * A moment the server keeps as an ISO instant (an event's start), in the reader's language on Almaty's
 * clock. Older rows kept it already written out ("10:00 25.11.2026"), and are shown as they are.
 */
const moment = (value: string, locale: Locales) => (/^\d{4}-\d{2}-\d{2}T/.test(value) ? formatDateTime(value, locale) : value);

/** The kind's name within its subject's group (`issue` of `violation.issue`). */
const nameOf = (kind: string) => kind.slice(kind.indexOf('.') + 1);

/** A group's sentence, or the plain "notification" for a name of it this SPA does not know yet. */
const pick = <G extends Record<string, unknown>>(group: G, kind: string) => {
  const name = nameOf(kind);
  return Object.hasOwn(group, name) ? (group[name] as G[keyof G]) : undefined;
};

/** Each subject's sentences; a subject added to the contract does not compile until it has its entry. */
export const subjectSentences: Record<SubjectType, Sentence> = {
  request: (LL, n, locale) => {
    const k = LL.notifications.kinds.request;
    const number = text(n.params, 'number');
    if (n.kind === 'request.escalation') {
      const late = Number(n.params.percent ?? 0) >= 100;
      const deadline = moment(text(n.params, 'deadline'), locale);
      const say =
        text(n.params, 'clock') === 'take' ? (late ? k.escalationTakeLate : k.escalationTakeSoon) : late ? k.escalationResolveLate : k.escalationResolveSoon;
      return say({ number, deadline });
    }
    if (n.kind === 'request.status') {
      const status = text(n.params, 'status');
      const statuses = LL.requests.statuses as Record<string, (() => string) | undefined>;
      return k.status({ number, status: statuses[status as RequestStatus]?.() ?? status });
    }
    if (n.kind === 'request.rating') return k.rating({ number, rating: text(n.params, 'rating') });
    return pick({ assigned: k.assigned, visitor: k.visitor, comment: k.comment }, n.kind)?.({ number }) ?? LL.notifications.kinds.unknown();
  },
  task: (LL, n) => pick(LL.notifications.kinds.task, n.kind)?.({ title: text(n.params, 'title') }) ?? LL.notifications.kinds.unknown(),
  questionnaire: (LL, n) => pick(LL.notifications.kinds.questionnaire, n.kind)?.({ company: text(n.params, 'company') }) ?? LL.notifications.kinds.unknown(),
  notice: (LL, n) => pick(LL.notifications.kinds.notice, n.kind)?.({ title: text(n.params, 'title') }) ?? LL.notifications.kinds.unknown(),
  violation: (LL, n) => pick(LL.notifications.kinds.violation, n.kind)?.({ number: text(n.params, 'number') }) ?? LL.notifications.kinds.unknown(),
  contract: (LL, n, locale) =>
    pick(LL.notifications.kinds.contract, n.kind)?.({ number: text(n.params, 'number'), ends_on: formatDay(text(n.params, 'ends_on'), locale) }) ??
    LL.notifications.kinds.unknown(),
  event: (LL, n, locale) =>
    pick(LL.notifications.kinds.event, n.kind)?.({ title: text(n.params, 'title'), at: moment(text(n.params, 'at'), locale) }) ??
    LL.notifications.kinds.unknown(),
  invoice: (LL, n, locale) => {
    const k = LL.notifications.kinds.invoice;
    const number = text(n.params, 'number');
    const due_on = formatDay(text(n.params, 'due_on'), locale);
    if (n.kind === 'invoice.issued') return k.issued({ number, total: money(n.params, 'total', locale), due_on });
    if (n.kind !== 'invoice.reminder') return LL.notifications.kinds.unknown();
    // Before the due day, on it, or after it: the reminder's days from the due date.
    const days = Number(n.params.days ?? 0);
    const owed = money(n.params, 'owed', locale);
    if (days < 0) return k.reminder_before({ number, owed, due_on, days: String(-days) });
    if (days === 0) return k.reminder_today({ number, owed });
    return k.reminder_late({ number, owed, days: String(days) });
  },
  meter: (LL, n, locale) => {
    const day = (key: string) => formatDay(text(n.params, key), locale);
    return (
      pick(
        LL.notifications.kinds.meter,
        n.kind,
      )?.({
        period: month(n.params, locale),
        from: day('from'),
        to: day('to'),
        serial: text(n.params, 'serial'),
        verified_until: day('verified_until'),
      }) ?? LL.notifications.kinds.unknown()
    );
  },
  meter_reading: (LL, n, locale) =>
    pick(
      LL.notifications.kinds.meter_reading,
      n.kind,
    )?.({
      serial: text(n.params, 'serial'),
      period: month(n.params, locale),
      reason: text(n.params, 'reason'),
      renter: text(n.params, 'renter'),
    }) ?? LL.notifications.kinds.unknown(),
  payment: (LL, n, locale) => {
    const k = LL.notifications.kinds.payment;
    if (n.kind !== 'payment.received') return LL.notifications.kinds.unknown();
    const amount = money(n.params, 'amount', locale);
    const invoices = text(n.params, 'invoices');
    const balance = text(n.params, 'balance') || '0';
    const left = balance.startsWith('-')
      ? k.credit({ amount: formatDecimal(balance.slice(1), locale) })
      : /^0(\.0+)?$/.test(balance)
        ? k.settled()
        : k.owed({ amount: formatDecimal(balance, locale) });
    return `${invoices ? k.received_for({ amount, invoices }) : k.received({ amount })}. ${left}`;
  },
};

/** Where each subject leads: the view of its request, task, questionnaire, notice, violation, lease or event. */
export const subjectPaths: Record<SubjectType, (id: string) => string> = {
  request: paths.requests.view,
  task: paths.tasks.view,
  questionnaire: paths.waitingList.view,
  notice: paths.notices.view,
  violation: paths.violations.view,
  contract: paths.contracts.view,
  event: paths.calendarEvent,
  invoice: paths.invoices.view,
  // A payment has no page of its own: the invoices, where it shows on each invoice it paid.
  payment: () => paths.invoices.list,
  meter: paths.meters.view,
  meter_reading: paths.meterReadings.view,
};

/** The server keeps any text it was given; only the contract's subjects are looked up. */
export const isSubjectType = (type: string): type is SubjectType => Object.hasOwn(subjectPaths, type);

/**
 * The notification as a sentence in the reader's language, its dates written as that language writes
 * them. The server keeps only its kind and values; a kind this SPA does not know yet (a later module's)
 * reads as a plain "notification" rather than a gap.
 */
export function sentence(LL: TranslationFunctions, n: Pick<Notification, 'kind' | 'params'>, locale: Locales): string {
  const group = n.kind.slice(0, n.kind.indexOf('.'));
  return isSubjectType(group) ? subjectSentences[group](LL, n, locale) : LL.notifications.kinds.unknown();
}

/** Where the notification leads (the inbox's link, a push's click); a subject this code does not know leads to the inbox. */
export function subjectPath(subject: Notification['subject']): string {
  return isSubjectType(subject.type) ? subjectPaths[subject.type](subject.id) : paths.notifications;
}

/**
 * Where a notification leads: its record, and for "your request is done" the request with its rating
 * open (the applicant confirms it with one tap on a star).
 */
export function notificationPath(n: Pick<Notification, 'kind' | 'params' | 'subject'>): string {
  const path = subjectPath(n.subject);
  return n.kind === 'request.status' && n.params.status === 'done' ? `${path}?${RATE_PARAM}=1` : path;
}

/** The request page's address parameter that opens its rating. */
export const RATE_PARAM = 'rate';
