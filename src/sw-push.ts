/** A push as our service worker shows it (server/modules/push: data-only FCM messages). */
export type ShownPush = { title: string; body: string; link: string; tag?: string };

/**
 * Reads FCM's payload (`{ data: { title, body, link, notification_id }, from, ... }`); only a link
 * inside the app is followed, anything else opens Home. Null when the push is not one of ours.
 */
export function readPush(json: unknown): ShownPush | null {
  const root = json && typeof json === 'object' ? (json as Record<string, unknown>) : null;
  const data = (root?.data && typeof root.data === 'object' ? root.data : root) as Record<string, unknown> | null;
  if (!data || typeof data.title !== 'string' || typeof data.body !== 'string') return null;
  const link = typeof data.link === 'string' && /^\/(?![/\\])/.test(data.link) ? data.link : '/home';
  const tag = typeof data.notification_id === 'string' && data.notification_id ? `notification-${data.notification_id}` : undefined;
  return { title: data.title, body: data.body, link, tag };
}
