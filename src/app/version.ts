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

/** Local and session storage, service workers and Cache Storage. */
export async function clearClientStores(): Promise<void> {
  localStorage.clear();
  sessionStorage.clear();
  const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
  await Promise.all(registrations.map((r) => r.unregister()));
  if ('caches' in window) {
    const keys = await caches.keys();
    await Promise.all(keys.map((k) => caches.delete(k)));
  }
}
