import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readToken } from './api/token';
import { App } from './app/App';
import { preloadPath } from './app/preload';
import { registerServiceWorker } from './app/service-worker';
import { wipeIfVersionChanged } from './app/version';
import { ensureLocale, loadBaseLocale } from './i18n/load';
import { readLocale, storeLocale } from './i18n/locale';
import { sessionActor } from './state/session';
import './theme/global.css';

// The page's own chunk is fetched at once, alongside the version check, not after the first render.
// A failure is handled when the page renders (lazy-page.ts).
preloadPath(window.location.pathname).catch(() => undefined);

// The version wipe runs before anything reads storage (version.ts), then the saved language applies.
void wipeIfVersionChanged().then(async () => {
  loadBaseLocale();
  const locale = readLocale();
  await ensureLocale(locale);
  storeLocale(locale);
  sessionActor.start();
  if (readToken()) sessionActor.send({ type: 'session.load' });
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App locale={locale} />
    </StrictMode>,
  );
  // After the wipe above, which unregisters the workers of an older version.
  registerServiceWorker();
});
