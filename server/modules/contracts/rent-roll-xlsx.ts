import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatArea, formatDay, formatMonth } from '#/i18n/formatters';
import type { Locales } from '#/i18n/i18n-types';
import type { LL } from '../../http/i18n';
import type { RentRoll } from './rent-roll';

// Numbers as numbers, so the sheet sums them; the API keeps them exact as strings.
const num = (v: string | null) => (v === null ? null : Number(v));

/**
 * The rent roll as .xlsx: the rooms (one row per room, then the totals; a short sheet, one object's rooms),
 * printed under the object's name and the day, and a second sheet of the leases ending month by month,
 * titled the same, the months by name and only those in which a lease ends.
 */
export async function rentRollXlsx(roll: RentRoll, ll: LL, locale: Locales, today: string): Promise<PassThrough> {
  const t = ll.contracts.rentRoll;
  const title = t.sheetTitle({ object: roll.object.name, day: formatDay(today, locale) });
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const ws = workbook.addWorksheet(roll.object.name.slice(0, 31) || 'Rent roll', { headerFooter: { oddHeader: `&C${title.replaceAll('&', '&&')}` } });
  ws.columns = [
    { header: t.room(), key: 'room', width: 12 },
    { header: t.floor(), key: 'floor', width: 8 },
    { header: t.area(), key: 'area', width: 12 },
    { header: t.renter(), key: 'renter', width: 32 },
    { header: t.contract(), key: 'contract', width: 16 },
    { header: t.rate(), key: 'rate', width: 14 },
    { header: t.rent(), key: 'rent', width: 16 },
    { header: t.endsOn(), key: 'ends_on', width: 14 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  for (const r of roll.rows) {
    ws.addRow({
      room: r.room_number,
      floor: r.floor,
      area: num(r.room_area),
      renter: r.renter_name ?? t.vacant(),
      contract: r.contract_number,
      rate: num(r.rate),
      rent: num(r.monthly_rent),
      ends_on: r.ends_on && formatDay(r.ends_on, locale),
    }).commit();
  }
  const totals = ws.addRow({
    room: t.total(),
    area: num(roll.totals.area),
    renter: t.vacantArea({ area: formatArea(Number(roll.totals.vacant_area), locale) }),
    rent: num(roll.totals.monthly_rent),
  });
  totals.font = { bold: true };
  totals.commit();
  ws.commit();
  expiriesSheet(workbook, roll, ll, locale, title);
  void workbook.commit().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

function expiriesSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, roll: RentRoll, ll: LL, locale: Locales, title: string) {
  const t = ll.contracts.rentRoll;
  const ws = workbook.addWorksheet(t.expiries().slice(0, 31));
  ws.columns = [{ width: 20 }, { width: 12 }, { width: 14 }, { width: 18 }];
  const head = ws.addRow([title]);
  head.font = { bold: true, size: 13 };
  head.commit();
  const header = ws.addRow([t.month(), t.contracts(), t.area(), t.monthlyRent()]);
  header.font = { bold: true };
  header.commit();
  const ending = roll.expiries.filter((e) => e.contracts > 0);
  if (ending.length === 0) ws.addRow([t.noExpiries()]).commit();
  for (const e of ending) ws.addRow([formatMonth(e.month, locale), e.contracts, num(e.area), num(e.monthly_rent)]).commit();
  ws.commit();
}
