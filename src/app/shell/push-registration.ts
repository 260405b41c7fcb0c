import { useEffect, useRef } from 'react';
import { readPushToken } from '#/api/push-token';
import { useI18nContext } from '#/i18n/i18n-react';
import { api } from '../../api/client';

/**
 * Once push is turned on in this browser by this user, its token is registered again whenever the app
 * starts for them (a new sign-in, a reload) and whenever they switch language. The server pushes only
 * while the session that registered a token lives (signed out everywhere, a lost phone is silent), and
 * writes pushes in the token's language. A failure changes nothing visible: the next start or switch
 * tries again.
 */
export function usePushRegistration(userId: string | null) {
  const { locale } = useI18nContext();
  const done = useRef<string | null>(null);
  useEffect(() => {
    const token = userId && readPushToken(userId);
    const key = `${userId} ${locale}`;
    if (!token || done.current === key) return;
    done.current = key;
    void api.POST('/set-fcm-token', { body: { fcm_token: token } }).catch(() => undefined);
  }, [locale, userId]);
}
