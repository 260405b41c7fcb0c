import type { Db, Tx } from '../../db/client';
import type { calendarEvents } from '../../db/schema';
import type { Actor } from '../../workflow/history';
import { type Notice, notify } from '../notifications/notify';

type Event = Pick<typeof calendarEvents.$inferSelect, 'id' | 'landlordId' | 'title' | 'push'>;
export type EventKind = 'event.invited' | 'event.changed' | 'event.cancelled' | 'event.reminder';

/** "10:00 25.11.2026" on Almaty's clock: the same in every language. */
export const almatyTime = (at: Date) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone: 'Asia/Almaty', hour: '2-digit', minute: '2-digit', day: '2-digit', month: '2-digit', year: 'numeric' })
    .format(at)
    .replace(/^(.+), (.+)$/, '$2 $1');

export const eventNotice = (ev: Event, kind: EventKind, actor: Actor, at?: Date): Notice => ({
  kind,
  landlordId: ev.landlordId,
  subject: { type: 'event', id: ev.id },
  params: { title: ev.title, ...(at && { at: almatyTime(at) }) },
  actor,
});

/** Participants hear of an invitation, a change and a cancellation; pushed only when the event's push is on. */
export async function tellParticipants(tx: Db | Tx, ev: Event, kind: EventKind, userIds: readonly string[], actor: Actor, at?: Date): Promise<void> {
  await notify(tx, userIds, eventNotice(ev, kind, actor, at), { push: ev.push });
}
