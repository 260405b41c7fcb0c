import { useEffect, useRef } from 'react';
import { readPushToken } from '#/api/push-token';
import { api } from '../../api/client';

/**
 * Once push is turned on in this browser by this user, its token is registered again whenever the app
 * starts for them (a new sign-in, a reload). The server pushes only while the session that registered a
 * token lives (signed out everywhere, a lost phone is silent), in the account's language (the
 * signed-in frame's language switch keeps it there). A failure changes nothing visible: the next start tries again.
 */
export function usePushRegistration(userId: string | null) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    const token = userId && readPushToken(userId);
    if (!token || done.current === userId) return;
    done.current = userId;
    void api.POST('/set-fcm-token', { body: { fcm_token: token } }).catch(() => undefined);
  }, [userId]);
}
