import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { i18nObject } from '#/i18n/i18n-util';
import { loadAllLocales } from '#/i18n/i18n-util.sync';
import { calendarKeys } from './calendar';
import { contractKeys } from './contracts';
import { noticeKeys } from './notices';
import { notificationKeys } from './notifications';
import { requestKeys } from './requests';
import { notificationHref, notificationText, refreshForNotification } from './subjects';
import { taskKeys } from './tasks';
import { violationKeys } from './violations';

loadAllLocales();

const A = '0b7e4c2a-9a51-4a6f-8d7f-3c1a2b4d5e6f';
const B = '7d1f0c3e-2b4a-4c5d-9e8f-1a2b3c4d5e6f';
const inbox = [...notificationKeys.all, 'inbox', { unread: false }];

/** What a signed-in tab may hold in its cache: two records of each kind, their lists, the inbox and the badges. */
const seeded: Record<string, QueryKey> = {
  inbox,
  unreadInbox: [...notificationKeys.all, 'inbox', { unread: true }],
  'violation A': violationKeys.one(A),
  'violation B': violationKeys.one(B),
  violations: [...violationKeys.all, 'list', { page: 1 }],
  'contract A': contractKeys.one(A),
  'contract B': contractKeys.one(B),
  contracts: [...contractKeys.all, 'list', { page: 1 }],
  'event A': calendarKeys.one(A),
  'event B': calendarKeys.one(B),
  calendar: [...calendarKeys.all, 'range', '2026-11-01', '2026-12-01', []],
  'notice A': noticeKeys.one(A),
  'notice B': noticeKeys.one(B),
  notices: [...noticeKeys.all, 'renters', { page: 1 }],
  'request A': requestKeys.one(A),
  'task A': taskKeys.one(A),
};

/** The names of the seeded queries a notification about `subject` marked stale. */
async function refreshedBy(subject: { type: string; id: string }) {
  const queryClient = new QueryClient();
  for (const key of Object.values(seeded)) queryClient.setQueryData(key, { seeded: true });
  await refreshForNotification(queryClient, { subject: subject as never });
  return Object.entries(seeded)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('a notification arriving on the live stream', () => {
  it.each([
    ['violation', 'violation A'],
    ['contract', 'contract A'],
    ['event', 'event A'],
    ['notice', 'notice A'],
    ['request', 'request A'],
    ['task', 'task A'],
  ])('about a %s refreshes only that record and the inbox', async (type, record) => {
    expect(await refreshedBy({ type, id: A })).toEqual(['inbox', 'unreadInbox', record].sort());
  });

  it('about a subject this SPA does not know yet refreshes the inbox alone, not everything', async () => {
    expect(await refreshedBy({ type: 'lease-renewal', id: A })).toEqual(['inbox', 'unreadInbox']);
  });
});

describe('a notification in the inbox and its toast', () => {
  it('leads to its record’s view, or to the inbox when its subject is unknown', () => {
    const of = (subject: { type: string; id: string }, kind = 'x.y', params = {}) => notificationHref({ subject: subject as never, kind, params });
    expect(of({ type: 'violation', id: A })).toBe(`/violations/${A}`);
    expect(of({ type: 'contract', id: A })).toBe(`/contracts/view/${A}`);
    expect(of({ type: 'notice', id: A })).toBe(`/notifications/notice/${A}`);
    expect(of({ type: 'lease-renewal', id: A })).toBe('/notifications');
  });

  it('a request done leads to it with its rating open; its other news to the request alone', () => {
    expect(notificationHref({ subject: { type: 'request', id: A }, kind: 'request.status', params: { number: 3, status: 'done' } })).toBe(
      `/requests-journal/view/${A}?rate=1`,
    );
    expect(notificationHref({ subject: { type: 'request', id: A }, kind: 'request.status', params: { number: 3, status: 'closed' } })).toBe(
      `/requests-journal/view/${A}`,
    );
    expect(notificationHref({ subject: { type: 'request', id: A }, kind: 'request.rating', params: { number: 3, rating: 2 } })).toBe(
      `/requests-journal/view/${A}`,
    );
  });

  it('reads as its subject’s sentence in the reader’s language', () => {
    const n = { kind: 'violation.issue', params: { number: 12 }, subject: { type: 'violation' as const, id: A } };
    const text = notificationText(i18nObject('ru'), n, 'ru');
    expect(text).toContain('12');
    expect(text).not.toBe(i18nObject('ru').notifications.kinds.unknown());
    expect(notificationText(i18nObject('en'), { ...n, kind: 'lease.signed', subject: { type: 'x', id: A } as never }, 'en')).toBe(
      i18nObject('en').notifications.kinds.unknown(),
    );
  });
});
