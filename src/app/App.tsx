import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Router } from 'wouter';
import { AlertsContext, Toasts, useAlerts } from '#/state/alerts';
import { ConfirmProvider } from '#/state/confirm';
import { sessionActor } from '#/state/session';
import { ApiRequestError, configureApi } from '../api/client';
import TypesafeI18n, { useI18nContext } from '../i18n/i18n-react';
import type { Locales } from '../i18n/i18n-types';
import { useAppLocation } from './navigation';
import { createRefreshThrottle } from './refresh-throttle';
import { AppRoutes } from './routes';
import { shortcutOf } from './shortcuts';
import { APP_VERSION, clearClientStores, VERSION_KEY } from './version';

function createQueryClient() {
  // Refetching on focus is ours (at most once per 5 seconds, refresh-throttle.ts), not TanStack's default.
  // One more try for a failed load; a refusal (4xx) would only be refused again.
  const retry = (failures: number, error: Error) => failures < 1 && !(error instanceof ApiRequestError && error.status < 500);
  return new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry, staleTime: 30_000 } } });
}

/**
 * Wires the api client to the session (401) and to the chosen language. The server names catalogue
 * entries (request and object types) in the caller's language, so a new language refetches what is shown.
 */
function ApiWiring() {
  const { locale } = useI18nContext();
  const queryClient = useQueryClient();
  const first = useRef(locale);
  useEffect(() => {
    configureApi({ language: () => locale, onUnauthorized: () => sessionActor.send({ type: 'session.expired' }) });
    if (first.current !== locale) void queryClient.invalidateQueries();
    first.current = locale;
  }, [locale, queryClient]);
  return null;
}

/** Refresh on tab focus, visibility and back navigation, at most once per 5 seconds. */
function RefreshOnReturn() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const throttle = createRefreshThrottle(() => void queryClient.invalidateQueries());
    const onVisibility = () => document.visibilityState === 'visible' && throttle.trigger();
    const onEvent = () => throttle.trigger();
    window.addEventListener('focus', onEvent);
    window.addEventListener('popstate', onEvent);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', onEvent);
      window.removeEventListener('popstate', onEvent);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [queryClient]);
  return null;
}

/** Keyboard shortcuts: Ctrl+Shift+Alt+C clears the cache, Ctrl+Shift+Alt+R forces a reload. */
function Shortcuts() {
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const { LL, locale } = useI18nContext();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the handler is bound again when the language changes, so its texts follow it.
  useEffect(() => {
    const onKey = async (e: KeyboardEvent) => {
      const shortcut = shortcutOf(e);
      if (!shortcut) return;
      e.preventDefault();
      if (shortcut === 'reload') return window.location.reload();
      // The cache, not the user's choices: token, language and version stay.
      const keep = ['token', 'selectedLanguage', VERSION_KEY].map((k) => [k, localStorage.getItem(k)] as const);
      const sessionToken = sessionStorage.getItem('token');
      await clearClientStores();
      for (const [k, v] of keep) if (v !== null) localStorage.setItem(k, v);
      localStorage.setItem(VERSION_KEY, APP_VERSION);
      if (sessionToken) sessionStorage.setItem('token', sessionToken);
      queryClient.clear();
      alerts.add({ message: LL.shell.cacheCleared(), type: 'success' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [queryClient, alerts, LL, locale]);
  return null;
}

export function App({ locale }: { locale: Locales }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <TypesafeI18n locale={locale}>
      <QueryClientProvider client={queryClient}>
        <AlertsContext.Provider>
          <ConfirmProvider>
            <ApiWiring />
            <RefreshOnReturn />
            <Shortcuts />
            <Router hook={useAppLocation}>
              <AppRoutes />
            </Router>
            <Toasts />
          </ConfirmProvider>
        </AlertsContext.Provider>
      </QueryClientProvider>
    </TypesafeI18n>
  );
}
