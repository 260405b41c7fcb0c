import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { objects, rooms } from '../../../db/schema';
import type { Value } from '../cells';
import type { Problem } from '../kit';
import type { ReadRow } from '../read';

/**
 * The landlord's objects and units by name, read once per check: a file names them by what people call
 * them. Only the caller's landlord's are read, so another landlord's object named in a file is "not found".
 */
export type Places = {
  objects: Map<string, { id: string; name: string }[]>;
  rooms: Map<string, { id: string; objectId: string; number: string; floor: number; area: string }>;
};

const lower = (v: Value) =>
  String(v ?? '')
    .trim()
    .toLowerCase();
const roomKey = (objectId: string, number: Value) => `${objectId}\u0000${lower(number)}`;

export async function loadPlaces(db: Db | Tx, landlordId: string, rows: ReadRow[]): Promise<Places> {
  const names = [...new Set(rows.map((r) => lower(r.values.object ?? null)).filter(Boolean))];
  const found = names.length
    ? await db
        .select({ id: objects.id, name: objects.name })
        .from(objects)
        .where(and(eq(objects.landlordId, landlordId), inArray(sql`lower(${objects.name})`, names)))
    : [];
  const byName = new Map<string, { id: string; name: string }[]>();
  for (const o of found) byName.set(lower(o.name), [...(byName.get(lower(o.name)) ?? []), o]);
  const ids = found.map((o) => o.id);
  const units = ids.length
    ? await db
        .select({ id: rooms.id, objectId: rooms.objectId, number: rooms.number, floor: rooms.floor, area: rooms.area })
        .from(rooms)
        .where(and(eq(rooms.landlordId, landlordId), inArray(rooms.objectId, ids)))
    : [];
  return { objects: byName, rooms: new Map(units.map((r) => [roomKey(r.objectId, r.number), r])) };
}

/** The object a row names, or its problem (not the landlord's, or two of its objects share the name). */
export function objectOf(places: Places, name: Value, column: string): { id: string } | { problem: Problem } {
  const hits = places.objects.get(lower(name)) ?? [];
  if (hits.length > 1) return { problem: { column, code: 'ambiguous' } };
  const hit = hits[0];
  return hit ? hit : { problem: { column, code: 'objectNotFound', params: { name: String(name) } } };
}

export const roomIn = (places: Places, objectId: string, number: Value) => places.rooms.get(roomKey(objectId, number));

/** The landlord's object names, for the template's list of allowed values. */
export async function objectNames(db: Db, landlordId: string): Promise<string[]> {
  const rows = await db
    .select({ name: objects.name })
    .from(objects)
    .where(eq(objects.landlordId, landlordId))
    .orderBy(sql`${objects.name} collate "und-x-icu"`);
  return [...new Set(rows.map((r) => r.name))];
}
