/**
 * This browser's FCM token, once push was turned on here, with the user it was turned on for: the
 * profile shows the device's state from it and logout tells the server to forget it (the next user of
 * this browser must not get ours). Another user of the browser sees push off until turning it on.
 */
const PUSH_TOKEN_KEY = 'fcm_token';

type Stored = { token: string; userId: string };

function read(): Stored | null {
  try {
    const value = JSON.parse(localStorage.getItem(PUSH_TOKEN_KEY) ?? 'null') as Stored | null;
    return value && typeof value.token === 'string' && typeof value.userId === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** The token, if push was turned on here by `userId` (by anyone, without it: logout forgets it whoever's it is). */
export const readPushToken = (userId?: string): string | null => {
  const stored = read();
  return stored && (!userId || stored.userId === userId) ? stored.token : null;
};
export const storePushToken = (token: string, userId: string) => localStorage.setItem(PUSH_TOKEN_KEY, JSON.stringify({ token, userId }));
export const clearPushToken = () => localStorage.removeItem(PUSH_TOKEN_KEY);
