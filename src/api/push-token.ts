/**
 * This browser's FCM token, once push was turned on here: the profile shows the device's state from
 * it and logout tells the server to forget it (the next user of this browser must not get ours).
 */
const PUSH_TOKEN_KEY = 'fcm_token';

export const readPushToken = (): string | null => localStorage.getItem(PUSH_TOKEN_KEY);
export const storePushToken = (token: string) => localStorage.setItem(PUSH_TOKEN_KEY, token);
export const clearPushToken = () => localStorage.removeItem(PUSH_TOKEN_KEY);
