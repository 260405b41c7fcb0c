import { createRoom, updateRoom } from '../../objects/rooms';
import type { Value } from '../cells';
import { defineEntity } from '../kit';
import { loadPlaces, objectNames, objectOf, type Places, roomIn } from './places';

type Plan = { objectId: string; roomId?: string; input: { number: string; floor: number; area: number } };

const text = (v: Value | undefined) => (v === null || v === undefined ? '' : String(v).trim());

/**
 * Units (rooms), found by their object's name and their number (any letter case). The object must be the
 * caller's landlord's; units are kept by the landlord only, as in the objects register.
 */
export const unitsEntity = defineEntity<Places, Plan>({
  entity: 'units',
  access: null,
  key: ['object', 'number'],
  columns: [
    {
      key: 'object',
      kind: 'text',
      required: true,
      max: 200,
      label: (ll) => ll.imports.columns.object(),
      example: 'ТРЦ Mega',
      note: (ll) => ll.imports.formats.key(),
    },
    {
      key: 'number',
      kind: 'text',
      required: true,
      max: 20,
      label: (ll) => ll.imports.columns.number(),
      example: '101',
      note: (ll) => ll.imports.formats.key(),
    },
    { key: 'floor', kind: 'integer', required: true, label: (ll) => ll.imports.columns.floor(), example: '1', note: (ll) => ll.validation.floor() },
    { key: 'area', kind: 'decimal', required: true, label: (ll) => ll.imports.columns.area(), example: '42.5' },
  ],
  choices: async (db, landlordId) => ({ object: await objectNames(db, landlordId) }),
  load: (db, landlordId, rows) => loadPlaces(db, landlordId, rows),
  resolve(places, v) {
    const object = objectOf(places, v.object ?? null, 'object');
    if ('problem' in object) return { kind: 'wrong', problems: [object.problem] };
    const floor = Number(v.floor);
    // The register's rule (objects/rooms.ts), said per row.
    if (floor < -5 || floor > 200) return { kind: 'wrong', problems: [{ column: 'floor', message: (ll) => ll.validation.floor() }] };
    const input = { number: text(v.number), floor, area: Number(v.area) };
    const current = roomIn(places, object.id, v.number ?? null);
    if (!current) return { kind: 'new', plan: { objectId: object.id, input } };
    const same = current.number === input.number && current.floor === floor && Number(current.area).toFixed(2) === input.area.toFixed(2);
    return { kind: same ? 'unchanged' : 'changed', plan: { objectId: object.id, roomId: current.id, input } };
  },
  async write(tx, landlordId, plan) {
    if (plan.roomId) await updateRoom(tx, { id: plan.roomId, objectId: plan.objectId }, plan.input);
    else await createRoom(tx, { id: plan.objectId, landlordId }, plan.input);
  },
});
