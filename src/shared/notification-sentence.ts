import { formatDateTime, formatDay } from '#/i18n/formatters';
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
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

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
]);

/** The kinds a role can be told, each with its push switch: a renter its own; staff all but the notice written to renters only. */
export const kindsFor = (role: string): NotificationKind[] =>
  notificationKinds.filter((kind) => (role === 'renter' ? renterKinds.has(kind) : kind !== 'notice.renters'));

type RequestStatus = keyof TranslationFunctions['requests']['statuses'];

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

/**
 * The notification as a sentence in the reader's language, its dates written as that language writes
 * them. The server keeps only its kind and values; a kind this SPA does not know yet (a later module's)
 * reads as a plain "notification" rather than a gap.
 */
export function sentence(LL: TranslationFunctions, n: Pick<Notification, 'kind' | 'params'>, locale: Locales): string {
  const k = LL.notifications.kinds;
  const number = text(n.params, 'number');
  const title = text(n.params, 'title');
  switch (n.kind) {
    case 'request.status': {
      const status = text(n.params, 'status');
      const statuses = LL.requests.statuses as Record<string, (() => string) | undefined>;
      return k.request.status({ number, status: statuses[status as RequestStatus]?.() ?? status });
    }
    case 'request.assigned':
      return k.request.assigned({ number });
    case 'request.visitor':
      return k.request.visitor({ number });
    case 'task.assigned':
      return k.task.assigned({ title });
    case 'task.complete':
      return k.task.complete({ title });
    case 'task.reject':
      return k.task.reject({ title });
    case 'task.return':
      return k.task.return({ title });
    case 'task.accept':
      return k.task.accept({ title });
    case 'task.expire':
      return k.task.expire({ title });
    case 'questionnaire.new':
      return k.questionnaire.new({ company: text(n.params, 'company') });
    case 'notice.renters':
      return k.notice.renters({ title });
    case 'notice.employees':
      return k.notice.employees({ title });
    case 'violation.issue':
    case 'violation.reject':
    case 'violation.uphold':
    case 'violation.return':
    case 'violation.confirm':
    case 'violation.acknowledge':
    case 'violation.dispute':
    case 'violation.fix':
    case 'violation.overdue':
      return k.violation[n.kind.slice('violation.'.length) as keyof typeof k.violation]({ number });
    case 'contract.expiring':
      return k.contract.expiring({ number, ends_on: formatDay(text(n.params, 'ends_on'), locale) });
    case 'contract.ends_soon':
      return k.contract.ends_soon({ number, ends_on: formatDay(text(n.params, 'ends_on'), locale) });
    case 'event.invited':
    case 'event.changed':
    case 'event.cancelled':
    case 'event.reminder':
      return k.event[n.kind.slice('event.'.length) as 'invited' | 'changed' | 'cancelled' | 'reminder']({ title, at: moment(text(n.params, 'at'), locale) });
    default:
      return k.unknown();
  }
}

/**
 * Where the notification leads: the view of its request, task, questionnaire, notice, violation or lease (the inbox's
 * link, a push's click). A subject this code does not know leads to the inbox.
 */
export function subjectPath(subject: Notification['subject']): string {
  switch (subject.type) {
    case 'request':
      return paths.requests.view(subject.id);
    case 'task':
      return paths.tasks.view(subject.id);
    case 'questionnaire':
      return paths.waitingList.view(subject.id);
    case 'notice':
      return paths.notices.view(subject.id);
    case 'violation':
      return paths.violations.view(subject.id);
    case 'contract':
      return paths.contracts.view(subject.id);
    case 'event':
      return paths.calendarEvent(subject.id);
    default:
      return paths.notifications;
  }
}

/** A kind's short name (the profile's push switches). */
export function kindLabel(LL: TranslationFunctions, kind: NotificationKind): string {
  const [group = '', name = ''] = kind.split('.');
  const labels = LL.push.kinds as unknown as Record<string, Record<string, (() => string) | undefined> | undefined>;
  return labels[group]?.[name]?.() ?? kind;
}
