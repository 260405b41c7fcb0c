import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Locales, TranslationFunctions } from '#/i18n/i18n-types';
import { isSubjectType, notificationPath, type SubjectType, sentence, subjectPaths, subjectSentences } from '#/shared/notification-sentence';
import { paths } from '#/shared/paths';
import { invoiceKeys } from './billing';
import { calendarKeys } from './calendar';
import { contractKeys } from './contracts';
import { meterKeys, readingKeys } from './meters';
import { noticeKeys } from './notices';
import { type Notification, notificationKeys } from './notifications';
import { questionnaireKeys } from './questionnaires';
import { requestKeys } from './requests';
import { taskKeys } from './tasks';
import { violationKeys } from './violations';

type Subject = Notification['subject'];
type Entry = {
  /** The cache entry of the record's own page, refreshed when a notification about it arrives. */
  key: (id: string) => QueryKey;
  path: (id: string) => string;
  sentence: (typeof subjectSentences)[SubjectType];
};

/**
 * Every subject a notification may be about, with its record's query key, its view and its sentences
 * (the last two are shared with the server's pushes). A subject the contract adds fails to compile here
 * until it has its entry, so no notification refreshes everything or nothing.
 */
export const subjects: Record<SubjectType, Entry> = {
  request: { key: requestKeys.one, path: subjectPaths.request, sentence: subjectSentences.request },
  task: { key: taskKeys.one, path: subjectPaths.task, sentence: subjectSentences.task },
  questionnaire: { key: questionnaireKeys.one, path: subjectPaths.questionnaire, sentence: subjectSentences.questionnaire },
  notice: { key: noticeKeys.one, path: subjectPaths.notice, sentence: subjectSentences.notice },
  violation: { key: violationKeys.one, path: subjectPaths.violation, sentence: subjectSentences.violation },
  contract: { key: contractKeys.one, path: subjectPaths.contract, sentence: subjectSentences.contract },
  event: { key: calendarKeys.one, path: subjectPaths.event, sentence: subjectSentences.event },
  invoice: { key: invoiceKeys.one, path: subjectPaths.invoice, sentence: subjectSentences.invoice },
  // A payment changes what the tenant's invoices show.
  payment: { key: () => invoiceKeys.all, path: subjectPaths.payment, sentence: subjectSentences.payment },
  meter: { key: meterKeys.one, path: subjectPaths.meter, sentence: subjectSentences.meter },
  meter_reading: { key: readingKeys.one, path: subjectPaths.meter_reading, sentence: subjectSentences.meter_reading },
};

/** The registry's entry of a row the server sent; a subject of a later server than this SPA has none. */
const entryOf = (subject: Subject): Entry | undefined => (isSubjectType(subject.type) ? subjects[subject.type] : undefined);

/** Where a notification leads (a done request with its rating open); one about a subject this SPA does not know leads to the inbox. */
export const notificationHref = (n: Pick<Notification, 'subject' | 'kind' | 'params'>) => (entryOf(n.subject) ? notificationPath(n) : paths.notifications);

/** The notification in the reader's language, by its subject's sentences (a later server's subject reads as a plain "notification"). */
export const notificationText = (LL: TranslationFunctions, n: Pick<Notification, 'kind' | 'params' | 'subject'>, locale: Locales) =>
  (entryOf(n.subject)?.sentence ?? sentence)(LL, n, locale);

/** A notification arrived: the inbox and the one record it is about (if its page is open) are loaded again, nothing else. */
export function refreshForNotification(queryClient: QueryClient, n: Pick<Notification, 'subject'>) {
  const entry = entryOf(n.subject);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    ...(entry ? [queryClient.invalidateQueries({ queryKey: entry.key(n.subject.id) })] : []),
  ]);
}
