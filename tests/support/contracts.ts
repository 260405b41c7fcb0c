import { eq } from 'drizzle-orm';
import { almatyDay } from '#/shared/almaty';
import { objectTypes, renters, users } from '#server/db/schema';
import type { Harness } from './api-harness';

/** A new shopping centre of the landlord signed in as `token`, with rooms of the given areas (numbered 1, 2, ...). */
export async function objectWithRooms(h: Harness, token: string, name: string, areas: number[]) {
  const [type] = await h.db.select({ id: objectTypes.id }).from(objectTypes).limit(1);
  const object = await h.api('/objects', { token, body: { name, type_id: type?.id, city: 'Алматы', address: 'ул. Абая, 1' } });
  if (object.status !== 201) throw new Error(`object: ${object.status} ${JSON.stringify(object.body)}`);
  const rooms: Array<{ id: string; number: string; area: number }> = [];
  for (const [i, area] of areas.entries()) {
    const room = await h.api(`/objects/${object.body.id}/rooms`, { token, body: { number: `${i + 1}`, floor: 1, area } });
    if (room.status !== 201) throw new Error(`room: ${room.status} ${JSON.stringify(room.body)}`);
    rooms.push(room.body);
  }
  return { id: object.body.id as string, rooms };
}

/** The tenant card of a renter login. */
export async function renterIdOf(h: Harness, username: string): Promise<string> {
  const [r] = await h.db.select({ id: renters.id }).from(renters).innerJoin(users, eq(users.id, renters.userId)).where(eq(users.username, username));
  if (!r) throw new Error(`no renter ${username}`);
  return r.id;
}

let counter = 0;
/** A unique lease number within a test run. */
export const nextNumber = (prefix = 'Д') => `${prefix}-${Date.now() % 100000}-${++counter}`;

export type LeaseTerms = { renter_id: string; room_ids: string[]; starts_on?: string; ends_on?: string; rate?: string; number?: string };

export async function createLease(h: Harness, token: string, terms: LeaseTerms) {
  const res = await h.api('/contracts', {
    token,
    body: { number: nextNumber(), starts_on: almatyDay(0), ends_on: almatyDay(364), rate: '5000.00', ...terms },
  });
  if (res.status !== 201) throw new Error(`contract: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; number: string; status: string; [key: string]: unknown };
}

export const activate = (h: Harness, token: string, id: string, lang?: string) =>
  h.api(`/contracts/${id}/transitions`, { token, body: { event: 'contract.activate' }, lang });
