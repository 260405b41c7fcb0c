import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { api, type Schemas, unwrap } from '#/api/client';
import { clearPushToken, readPushToken, storePushToken } from '#/api/push-token';
import { useSessionUser } from '#/state/session';

export type PushConfig = Schemas['PushConfig'];

const pushKeys = { config: ['push', 'config'] as const };

export const usePushConfig = () => useQuery({ queryKey: pushKeys.config, queryFn: ({ signal }) => unwrap(api.GET('/push/config', { signal })) });

export const useSendTestPush = () => useMutation({ mutationFn: () => unwrap(api.POST('/fcm-test')) });

/** What this browser can do about push, as the profile and /fcm-test say it. */
export type DeviceState = 'unsupported' | 'notConfigured' | 'blocked' | 'off' | 'on';

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export function permissionOf(): NotificationPermission | 'unsupported' {
  return supported() ? Notification.permission : 'unsupported';
}

function stateOf(config: PushConfig | undefined, userId: string): DeviceState | null {
  if (!supported()) return 'unsupported';
  if (!config) return null;
  if (!config.configured) return 'notConfigured';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' && readPushToken(userId) ? 'on' : 'off';
}

/** Firebase's messaging for our own service worker's registration; firebase loads only here, on demand. */
async function messagingOf(config: PushConfig) {
  const [{ getApps, initializeApp }, messaging] = await Promise.all([import('firebase/app'), import('firebase/messaging')]);
  const app = getApps()[0] ?? initializeApp(config.web_config as Record<string, string>);
  return { messaging: messaging.getMessaging(app), ...messaging };
}

/**
 * This device's push: its state, and turning it on (permission, a token for our service worker's
 * registration, stored on the server and here) or off (forgotten by the server and by FCM).
 */
export function usePushDevice() {
  const config = usePushConfig();
  const userId = useSessionUser()?.id ?? '';
  const [state, setState] = useState<DeviceState | null>(() => stateOf(config.data, userId));
  useEffect(() => setState(stateOf(config.data, userId)), [config.data, userId]);

  const turnOn = useCallback(async () => {
    const data = config.data;
    if (!data?.configured || !data.vapid_key) return;
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      setState(stateOf(data, userId));
      return;
    }
    const registration = await navigator.serviceWorker.getRegistration('/');
    if (!registration) throw new Error('no service worker');
    const { messaging, getToken } = await messagingOf(data);
    const token = await getToken(messaging, { vapidKey: data.vapid_key, serviceWorkerRegistration: registration });
    await unwrap(api.POST('/set-fcm-token', { body: { fcm_token: token } }));
    storePushToken(token, userId);
    setState('on');
  }, [config.data, userId]);

  const turnOff = useCallback(async () => {
    const token = readPushToken(userId);
    if (token) await unwrap(api.DELETE('/set-fcm-token', { body: { fcm_token: token } }));
    clearPushToken();
    setState(stateOf(config.data, userId));
    if (config.data?.configured)
      await messagingOf(config.data)
        .then(({ messaging, deleteToken }) => deleteToken(messaging))
        .catch(() => undefined);
  }, [config.data, userId]);

  return { config, state, token: readPushToken(userId), turnOn, turnOff };
}
