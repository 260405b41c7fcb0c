import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiRequestError, api, unwrap } from '#/api/client';
import { useI18nContext } from '#/i18n/i18n-react';
import { useAlerts } from '#/state/alerts';
import { putMenuCounts } from '#/state/queries/menu-counts';
import type { Notification } from '#/state/queries/notifications';
import { notificationHref, notificationText, refreshForNotification } from '#/state/queries/subjects';

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
/** Toasts per burst (a resumed stream replays what was missed): the bell and the inbox have the rest. */
const TOASTS_PER_BURST = 3;

/**
 * One live connection per signed-in tab (GET /notifications/stream, Server-Sent Events): a new
 * notification refreshes the inbox and the record it is about and shows a toast leading there; the
 * menu's counts (the bell's among them) arrive ready to use. EventSource cannot send the bearer
 * token, so each connection starts with a one-time ticket; after an error it is opened again with a
 * growing pause, a new ticket and the last id seen, so nothing is missed. Closed on logout (unmount).
 * A session holds a few streams at most: a tab whose stream was `replaced` by a newer tab's waits
 * until it is looked at again (reconnecting at once would only push out the next oldest, in a loop).
 */
export function useLiveNotifications(userId: string | null) {
  const queryClient = useQueryClient();
  const { add } = useAlerts();
  const { LL, locale } = useI18nContext();
  // Toasts in the current language, without reconnecting when it changes.
  const show = useRef<(n: Notification) => void>(() => {});
  show.current = (n) => add({ message: notificationText(LL, n, locale), href: notificationHref(n) });

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let stopped = false;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = FIRST_RETRY_MS;
    let lastId: number | null = null;
    let toasted = 0;

    const wake = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', wake);
      if (!stopped && !source) void connect();
    };

    const retry = () => {
      source?.close();
      source = null;
      if (stopped) return;
      timer = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    };

    const connect = async () => {
      let ticket: string;
      try {
        ticket = (await unwrap(api.POST('/notifications/stream-ticket'))).ticket;
      } catch (err) {
        // A 401 ends the session (the client's middleware); anything else is tried again.
        if (!(err instanceof ApiRequestError && err.status === 401)) retry();
        return;
      }
      if (stopped) return;
      const query = new URLSearchParams({ ticket, ...(lastId !== null && { last_id: String(lastId) }) });
      const es = new EventSource(`/api/notifications/stream?${query}`);
      source = es;
      es.addEventListener('notification', (event) => {
        const n = JSON.parse(event.data) as Notification;
        lastId = Math.max(lastId ?? 0, n.id);
        void refreshForNotification(queryClient, n);
        if (toasted < TOASTS_PER_BURST) show.current(n);
        toasted += 1;
      });
      es.addEventListener('counts', (event) => {
        // Its id is the newest notification the stream has covered: a reconnection resumes after it.
        if (/^\d+$/.test(event.lastEventId)) lastId = Math.max(lastId ?? 0, Number(event.lastEventId));
        putMenuCounts(queryClient, JSON.parse(event.data) as Record<string, number>);
        toasted = 0;
        delay = FIRST_RETRY_MS;
      });
      es.addEventListener('replaced', () => {
        es.close();
        source = null;
        document.addEventListener('visibilitychange', wake);
      });
      // The ticket is used up: the browser's own reconnection would be refused, so ours takes over.
      es.onerror = retry;
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', wake);
      source?.close();
    };
  }, [userId, queryClient]);
}
