/**
 * Registers the service worker (src/sw.ts, built as /sw.js) once the page has loaded, so that it
 * never competes with the first screen for the network. Only in a build: the dev server has no
 * worker.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
