import { and, asc, eq } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { beforeAll, expect } from 'vitest';
import { meterReadings, meters } from '#server/db/schema';
import type { Harness } from './api-harness';
import { callImports, sheetOf, uploadImport } from './imports';

export const meterHeader = ['object', 'number', 'type', 'serial', 'place', 'digits', 'multiplier', 'installed_on', 'verified_until', 'initial_reading'];
export const readingHeader = ['type', 'serial', 'period', 'value'];

/**
 * What the meters' import tests share: the demo landlords' logins, the first property with two of its
 * units (and the other landlord's property), the landlord's meters and readings as stored, and a commit.
 */
export function meterImportBench(h: Harness) {
  const s = {
    t: { landlord: '', employee: '', landlord2: '' },
    landlordId: '',
    objectName: '',
    otherObject: '',
    units: [] as string[],
    metersOf: (landlord: string) => h.db.select().from(meters).where(eq(meters.landlordId, landlord)).orderBy(asc(meters.serial)),
    meterBySerial: async (serial: string) =>
      (
        await h.db
          .select()
          .from(meters)
          .where(and(eq(meters.landlordId, s.landlordId), eq(meters.serial, serial)))
      )[0],
    readingsOf: async (serial: string) => {
      const meter = await s.meterBySerial(serial);
      return h.db
        .select()
        .from(meterReadings)
        .where(eq(meterReadings.meterId, meter?.id ?? ''))
        .orderBy(asc(meterReadings.period));
    },
    commit: (token: string, id: string, lang = 'en') => callImports(h, token, `/imports/${id}/commit`, { method: 'POST', lang }),
    /** Imports meter rows (the template's columns) as the landlord, committed. */
    importMeters: async (rows: ExcelJS.CellValue[][]) => {
      const up = await uploadImport(h, s.t.landlord, 'meters', await sheetOf([meterHeader, ...rows]), 'meters.xlsx');
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      expect((await s.commit(s.t.landlord, up.body.id)).status).toBe(200);
    },
  };
  beforeAll(async () => {
    for (const name of Object.keys(s.t) as Array<keyof typeof s.t>) s.t[name] = await h.login(name);
    s.landlordId = (await h.api('/user/landlord', { token: s.t.landlord })).body.id;
    const object = (await h.api('/objects', { token: s.t.landlord })).body.data[0];
    s.objectName = object.name;
    const rooms = (await h.api(`/objects/${object.id}/rooms`, { token: s.t.landlord })).body as { number: string }[];
    s.units.push(...rooms.slice(0, 2).map((r) => r.number));
    s.otherObject = (await h.api('/objects', { token: s.t.landlord2 })).body.data[0].name;
  });
  return s;
}
