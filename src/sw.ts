import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { notSpaPages } from './sw-navigation';

/**
 * The service worker: our own source (vite-plugin-pwa's injectManifest writes the build's file list
 * into `__WB_MANIFEST`), so that push messages can later be handled here too. It keeps the app's
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
