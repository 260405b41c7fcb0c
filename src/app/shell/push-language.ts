import { useEffect, useRef } from 'react';
import { readPushToken } from '#/api/push-token';
import { useI18nContext } from '#/i18n/i18n-react';
import { api } from '../../api/client';

/**
 * Pushes are written in the language the browser used when push was turned on (the server keeps it
 * with the token). When the user switches language, this browser's token is registered again, so the
 * next push speaks the new one. A failure changes nothing visible: the next switch tries again.
 */
export function usePushLanguage(userId: string | null) {
  const { locale } = useI18nContext();
  const last = useRef(locale);
  useEffect(() => {
    if (locale === last.current) return;
    last.current = locale;
    const token = userId && readPushToken(userId);
    if (token) void api.POST('/set-fcm-token', { body: { fcm_token: token } }).catch(() => undefined);
  }, [locale, userId]);
}
