// When the stored app version differs, every client-side store is wiped so an
// old build's data (token, cached answers, service workers) cannot confuse the new one.
export const APP_VERSION = '0.0.340';
export const VERSION_KEY = 'appVersion';

export async function wipeIfVersionChanged(): Promise<boolean> {
  if (localStorage.getItem(VERSION_KEY) === APP_VERSION) return false;
  await clearClientStores();
  localStorage.setItem(VERSION_KEY, APP_VERSION);
  return true;
}

/** How long the app waits for the browser to drop its workers and caches before it starts anyway. */
const WIPE_WAIT_MS = 2000;

/**
 * Local and session storage, service workers and Cache Storage. A browser may take its time to settle a
 * worker's unregistering or a cache's deletion (Chromium 156 here: longer than ten seconds while the page's
 * worker runs); they finish in the background, and the page is not left blank waiting for them.
 */
export async function clearClientStores(): Promise<void> {
  localStorage.clear();
  sessionStorage.clear();
  const dropped = (async () => {
    const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
    await Promise.all(registrations.map((r) => r.unregister()));
    if ('caches' in window) {
      const keys = await caches.keys();
      await Promise.all(keys.map((k) => caches.delete(k)));
    }
  })();
  await Promise.race([dropped, new Promise((resolve) => setTimeout(resolve, WIPE_WAIT_MS))]);
}
