import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { isSpaPage, notSpaPages } from './sw-navigation';
import { readPush } from './sw-push';

/**
 * The service worker: our own source (vite-plugin-pwa's injectManifest writes the build's file list
 * into `__WB_MANIFEST`), so that push messages are handled here too (below). It keeps the app's
 * shell (index.html, scripts, styles, dictionaries, icons) for a fast and offline start. It never
 * answers for the API, for uploaded files or for signed document links: those always go to the
 * server, whose answers depend on who asks and when.
 */
declare const self: typeof globalThis & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  skipWaiting(): Promise<void>;
};

// A new build takes over at once. A page of the previous build keeps its loaded code; a chunk it
// no longer finds makes it load itself again in full (src/app/lazy-page.ts, navigation.ts).
void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any page of the SPA opens from the cached index.html; the API, files and signed links never do.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: notSpaPages }));

// Pushes (server/modules/push): shown while no page of the app is focused (a focused one has the
// bell); a click opens the record's view in a window of the app, or a new one. Without push
// configured no subscription exists and these never run.
type PushLike = { data: { json(): unknown } | null; waitUntil(p: Promise<unknown>): void };
type ClickLike = { notification: { data?: { link?: string }; close(): void }; waitUntil(p: Promise<unknown>): void };
type WindowLike = { url: string; focused: boolean; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> };
type Worker = {
  addEventListener(type: 'push', listener: (e: PushLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (e: ClickLike) => void): void;
  clients: { matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowLike[]>; openWindow(url: string): Promise<unknown> };
  registration: { showNotification(title: string, o: { body: string; tag?: string; icon: string; data: { link: string } }): Promise<void> };
  location: Location;
};
const worker = self as unknown as Worker;
const appWindows = () => worker.clients.matchAll({ type: 'window', includeUncontrolled: true });

worker.addEventListener('push', (event) => {
  let json: unknown = null;
  try {
    json = event.data?.json() ?? null;
  } catch {
    return;
  }
  const push = readPush(json);
  if (!push) return;
  event.waitUntil(
    appWindows().then((windows) =>
      windows.some((w) => w.focused && isSpaPage(new URL(w.url).pathname))
        ? undefined
        : worker.registration.showNotification(push.title, { body: push.body, tag: push.tag, icon: '/icons/icon-192.png', data: { link: push.link } }),
    ),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.link ?? '/home', worker.location.origin).href;
  event.waitUntil(
    appWindows().then(async (windows) => {
      const open = windows.find((w) => w.url === url) ?? windows[0];
      if (!open) return worker.clients.openWindow(url);
      if (open.url !== url) await open.navigate(url).catch(() => undefined);
      return open.focus();
    }),
  );
});
