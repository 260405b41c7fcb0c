import { sql } from 'drizzle-orm';
import type { Locales } from '#/i18n/i18n-types';
import { type MeterType, meterTypes } from '#/shared/meters';
import type { Db, Tx } from '../../../db/client';
import { rows as rowsOf } from '../../../db/rows';
import { meters } from '../../../db/schema';
import { translatorIn } from '../../../http/i18n';
import type { Value } from '../cells';
import type { ColumnDef } from '../kit';
import type { ReadRow } from '../read';

const locales: Locales[] = ['ru', 'kk', 'en'];
const said = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** How people here write the types besides their names in the three languages (and the enum value itself). */
const everyday: Record<string, MeterType> = {
  электричество: 'electricity',
  'электр қуаты': 'electricity',
  хвс: 'cold_water',
  гвс: 'hot_water',
  теплоэнергия: 'heat',
  отопление: 'heat',
  'жылу энергиясы': 'heat',
  'cold water': 'cold_water',
  'hot water': 'hot_water',
};

/**
 * The meter's type column, of both meter entities: a value of the enum, or the type's name in any of the
 * three languages (the template lists the caller's). A part of the key.
 */
export const typeColumn: ColumnDef = {
  key: 'type',
  kind: 'choice',
  required: true,
  values: [...meterTypes],
  aliases: {
    ...everyday,
    ...Object.fromEntries(locales.flatMap((l) => meterTypes.map((t) => [said(translatorIn(l).meters.types[t]()), t]))),
  },
  valueLabels: (ll) => meterTypes.map((t) => ll.meters.types[t]()),
  label: (ll) => ll.imports.columns.meterType(),
  example: 'Электроэнергия',
};

export const text = (v: Value | undefined) => (v === null || v === undefined ? '' : String(v).trim());
export const meterKey = (type: Value | undefined, serial: Value | undefined) => `${text(type)}\u0000${text(serial).toLowerCase()}`;

export type StoredMeter = {
  id: string;
  objectId: string;
  roomId: string | null;
  type: MeterType;
  serial: string;
  place: string | null;
  digits: number;
  multiplier: string;
  installedOn: string;
  verifiedUntil: string | null;
  initialReading: string;
  removedOn: string | null;
  hasReadings: boolean;
};

/**
 * The landlord's meters the file names, by type and serial (any letter case), in one statement: another
 * landlord's meter of the same serial is never among them.
 */
export async function metersNamed(db: Db | Tx, landlordId: string, rows: ReadRow[]): Promise<Map<string, StoredMeter[]>> {
  const serials = [...new Set(rows.map((r) => text(r.values.serial).toLowerCase()).filter(Boolean))];
  const found = serials.length
    ? await rowsOf<StoredMeter>(
        db,
        sql`select m.id, m.object_id as "objectId", m.room_id as "roomId", m.type, m.serial, m.place, m.digits, m.multiplier::text as multiplier,
            m.installed_on::text as "installedOn", m.verified_until::text as "verifiedUntil", m.initial_reading::text as "initialReading",
            m.removed_on::text as "removedOn", exists (select 1 from meter_readings r where r.meter_id = m.id) as "hasReadings"
          from ${meters} m
          where m.landlord_id = ${landlordId} and lower(m.serial) in (select jsonb_array_elements_text(${JSON.stringify(serials)}::jsonb))`,
      )
    : [];
  const byKey = new Map<string, StoredMeter[]>();
  for (const m of found) {
    const key = meterKey(m.type, m.serial);
    byKey.set(key, [...(byKey.get(key) ?? []), m]);
  }
  return byKey;
}
