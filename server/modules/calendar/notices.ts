import type { Db, Tx } from '../../db/client';
import type { calendarEvents } from '../../db/schema';
import type { Actor } from '../../workflow/history';
import { type Notice, notify } from '../notifications/notify';

type Event = Pick<typeof calendarEvents.$inferSelect, 'id' | 'landlordId' | 'title' | 'push'>;
export type EventKind = 'event.invited' | 'event.changed' | 'event.cancelled' | 'event.reminder';

export const eventNotice = (ev: Event, kind: EventKind, actor: Actor, at?: Date): Notice => ({
  kind,
  landlordId: ev.landlordId,
  subject: { type: 'event', id: ev.id },
  // The instant, not a text: each reader's inbox and push write it in their own language (notification-sentence.ts).
  params: { title: ev.title, ...(at && { at: at.toISOString() }) },
  actor,
});

/** Participants hear of an invitation, a change and a cancellation; sent beyond the inbox (push, e-mail, Telegram) only when the event's push is on. */
export async function tellParticipants(tx: Db | Tx, ev: Event, kind: EventKind, userIds: readonly string[], actor: Actor, at?: Date): Promise<void> {
  await notify(tx, userIds, eventNotice(ev, kind, actor, at), { deliver: ev.push });
}
