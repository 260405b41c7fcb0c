import type { PassThrough } from 'node:stream';
import { formatArea, formatDay } from '#/i18n/formatters';
import type { Locales } from '#/i18n/i18n-types';
import type { LL } from '../../http/i18n';
import { type SheetWriter, xlsxBook } from '../../http/xlsx-stream';
import type { RentRoll } from './rent-roll';

/**
 * The rent roll as .xlsx: the rooms (one row per room, then the totals; a short sheet, one object's rooms),
 * printed under the object's name and the day, and a second sheet of the leases ending month by month,
 * titled the same, only the months in which a lease ends. Areas and amounts are numbers (exact decimal
 * strings turned into a number once, for the cell), the days Excel dates (xlsx-stream.ts).
 */
export async function rentRollXlsx(roll: RentRoll, ll: LL, locale: Locales, today: string): Promise<PassThrough> {
  const t = ll.contracts.rentRoll;
  const title = t.sheetTitle({ object: roll.object.name, day: formatDay(today, locale) });
  const book = xlsxBook();
  const ws = book.sheet({
    name: roll.object.name || 'Rent roll',
    printHeader: title,
    columns: [
      { header: t.room(), width: 12 },
      { header: t.floor(), width: 8, kind: 'integer' },
      { header: t.area(), width: 12, kind: 'decimal' },
      { header: t.renter(), width: 32 },
      { header: t.contract(), width: 16 },
      { header: t.rate(), width: 14, kind: 'money' },
      { header: t.rent(), width: 16, kind: 'money' },
      { header: t.endsOn(), width: 14, kind: 'date' },
    ],
  });
  for (const r of roll.rows) {
    // A renter with no lease on file is named, and the lease column says there is none (as the screen marks it).
    const lease = r.contract_number ?? (r.occupancy === 'no_lease' ? ll.contracts.noLease() : null);
    ws.row([r.room_number, r.floor, r.room_area, r.renter_name ?? t.vacant(), lease, r.rate, r.monthly_rent, r.ends_on]);
  }
  const vacant = t.vacantArea({ area: formatArea(Number(roll.totals.vacant_area), locale) });
  ws.row([t.total(), null, roll.totals.area, vacant, null, null, roll.totals.monthly_rent, null], { bold: true });
  ws.commit();
  expiriesSheet(book.sheet({ name: t.expiries(), title, columns: expiryColumns(ll) }), roll, ll);
  return book.close();
}

const expiryColumns = (ll: LL) => {
  const t = ll.contracts.rentRoll;
  return [
    { header: t.month(), width: 20, kind: 'month' as const },
    { header: t.contracts(), width: 12, kind: 'integer' as const },
    { header: t.area(), width: 14, kind: 'decimal' as const },
    { header: t.monthlyRent(), width: 18, kind: 'money' as const },
  ];
};

function expiriesSheet(ws: SheetWriter, roll: RentRoll, ll: LL) {
  const ending = roll.expiries.filter((e) => e.contracts > 0);
  if (ending.length === 0) ws.row([ll.contracts.rentRoll.noExpiries()]);
  for (const e of ending) ws.row([e.month, e.contracts, e.area, e.monthly_rent]);
  ws.commit();
}
