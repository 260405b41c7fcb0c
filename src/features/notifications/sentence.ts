import { paths } from '#/app/paths';
import type { TranslationFunctions } from '#/i18n/i18n-types';
import type { Notification } from './api';

type RequestStatus = keyof TranslationFunctions['requests']['statuses'];

/** A value of `params` as text: the server writes numbers and titles, a missing one shows as nothing. */
const text = (params: Notification['params'], key: string) => {
  const value = params[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/**
 * The notification as a sentence in the reader's language. The server keeps only its kind and values;
 * a kind this SPA does not know yet (a later module's) reads as a plain "notification" rather than a gap.
 */
export function sentence(LL: TranslationFunctions, n: Pick<Notification, 'kind' | 'params'>): string {
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
    case 'task.return':
      return k.task.return({ title });
    case 'task.accept':
      return k.task.accept({ title });
    case 'task.expire':
      return k.task.expire({ title });
    case 'questionnaire.new':
      return k.questionnaire.new({ company: text(n.params, 'company') });
    case 'contract.expiring':
      return k.contract.expiring({ number, ends_on: text(n.params, 'ends_on') });
    case 'contract.ends_soon':
      return k.contract.ends_soon({ number, ends_on: text(n.params, 'ends_on') });
    default:
      return k.unknown();
  }
}

/** Where the notification leads: the view of its request, task, questionnaire or lease. */
export function subjectPath(subject: Notification['subject']): string {
  switch (subject.type) {
    case 'request':
      return paths.requests.view(subject.id);
    case 'task':
      return paths.tasks.view(subject.id);
    case 'questionnaire':
      return paths.waitingList.view(subject.id);
    case 'contract':
      return paths.contracts.view(subject.id);
  }
}
