import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { exportRentRoll, type RentRoll, useRentRoll } from '#/state/queries/contracts';
import { useObjectOptions } from '#/state/queries/objects';
import { formatDay, formatDecimal, formatMonth } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { type Column, DataTable } from '../../lists/DataTable';
import { useExport } from '../../lists/download';
import { refusalOf } from '../../lists/QueryPage';
import { useAddressState } from '../../lists/useListParams';
import { almatyToday } from '../../shared/almaty';
import { NoLeaseMark } from '../../shared-ui/NoLeaseMark';
import { Button, Card, ErrorState, Page, Select, Skeleton, Stack } from '../../ui';
import * as s from './contracts.css';

type RollRow = RentRoll['rows'][number] & { id: string };
type Expiry = RentRoll['expiries'][number] & { id: string };

/**
 * `/contracts/rent-roll?object=<id>`: one object's rooms with their leases today (or the renter in one with no
 * lease on file, marked), its totals, and the leases ending month by month.
 */
export function RentRollPage() {
  const { LL, locale } = useI18nContext();
  const address = useAddressState();
  const objects = useObjectOptions();
  const chosen = address.params.get('object') ?? '';
  const objectId = chosen || objects.data?.[0]?.id || '';
  const roll = useRentRoll(objectId);
  const { exporting, run } = useExport();
  const t = LL.contracts.rentRoll;
  const num = (v: string | null) => (v === null ? '—' : formatDecimal(v, locale));

  const columns: Column<RollRow>[] = [
    { key: 'room', header: t.room(), cell: (r) => `№${r.room_number}` },
    { key: 'floor', priority: 3, header: t.floor(), cell: (r) => r.floor },
    { key: 'area', header: t.area(), cell: (r) => num(r.room_area) },
    {
      key: 'renter',
      header: t.renter(),
      cell: (r) =>
        r.contract_id ? (
          <Link href={paths.contracts.view(r.contract_id)}>{r.renter_name}</Link>
        ) : r.occupant ? (
          // Occupied by the renter card alone: named, marked, and (for those who may) one step from its lease.
          <Stack gap="xs">
            <span>{r.occupant.renter_name}</span>
            <NoLeaseMark occupant={r.occupant} objectId={objectId} roomId={r.room_id} />
          </Stack>
        ) : (
          <span className={s.muted}>{t.vacant()}</span>
        ),
    },
    { key: 'contract', priority: 3, header: t.contract(), cell: (r) => r.contract_number ?? '—' },
    { key: 'rate', priority: 2, header: t.rate(), cell: (r) => num(r.rate) },
    { key: 'rent', priority: 2, header: t.rent(), cell: (r) => num(r.monthly_rent) },
    { key: 'ends_on', priority: 2, header: t.endsOn(), cell: (r) => (r.ends_on ? formatDay(r.ends_on, locale) : '—') },
  ];
  const expiryColumns: Column<Expiry>[] = [
    { key: 'month', header: t.month(), cell: (e) => formatMonth(e.month, locale) },
    { key: 'contracts', header: t.contracts(), cell: (e) => e.contracts },
    { key: 'area', priority: 2, header: t.area(), cell: (e) => num(e.area) },
    { key: 'rent', header: t.monthlyRent(), cell: (e) => num(e.monthly_rent) },
  ];

  return (
    <Page
      title={t.title()}
      data-testid="rent-roll"
      actions={
        objectId && (
          <Button variant="secondary" loading={exporting} onClick={() => void run(() => exportRentRoll(objectId), `rent-roll-${almatyToday()}.xlsx`)}>
            {t.export()}
          </Button>
        )
      }
    >
      <Stack gap="lg">
        <Select
          label={t.chooseObject()}
          name="object"
          value={objectId}
          onChange={(e) => address.set({ object: e.target.value })}
          options={(objects.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          data-testid="rent-roll-object"
        />
        {roll.isPending ? (
          <Skeleton lines={6} label={LL.common.loading()} />
        ) : roll.isError ? (
          <ErrorState text={refusalOf(roll.error) ?? LL.list.loadError()} retryLabel={LL.common.retry()} onRetry={() => void roll.refetch()} />
        ) : (
          <>
            <Card>
              <div className={s.totals} data-testid="rent-roll-totals">
                {(
                  [
                    ['rooms', t.rooms(), String(roll.data.totals.rooms)],
                    ['leased_rooms', t.occupiedRooms(), String(roll.data.totals.leased_rooms)],
                    ['no_lease_rooms', t.noLeaseRooms(), String(roll.data.totals.no_lease_rooms)],
                    ['vacant_rooms', t.vacantRooms(), String(roll.data.totals.vacant_rooms)],
                    ['area', t.totalArea(), num(roll.data.totals.area)],
                    ['leased_area', t.occupiedArea(), num(roll.data.totals.leased_area)],
                    ['no_lease_area', t.noLeaseArea(), num(roll.data.totals.no_lease_area)],
                    ['vacant_area', t.vacantAreaLabel(), num(roll.data.totals.vacant_area)],
                    ['monthly_rent', t.monthlyRent(), num(roll.data.totals.monthly_rent)],
                  ] as const
                ).map(([key, label, value]) => (
                  <div key={key} className={s.figure}>
                    <span className={s.muted}>{label}</span>
                    <span className={s.figureValue} data-testid={`total-${key}`}>
                      {value}
                    </span>
                  </div>
                ))}
              </div>
            </Card>
            <DataTable columns={columns} rows={roll.data.rows.map((r) => ({ ...r, id: r.room_id }))} />
            <Card title={t.expiries()} data-testid="rent-roll-expiries">
              {/* Only the months in which a lease ends: twelve rows of zeros said nothing. */}
              {roll.data.expiries.some((e) => e.contracts > 0) ? (
                <DataTable columns={expiryColumns} rows={roll.data.expiries.filter((e) => e.contracts > 0).map((e) => ({ ...e, id: e.month }))} />
              ) : (
                <span className={s.muted} data-testid="no-expiries">
                  {t.noExpiries()}
                </span>
              )}
            </Card>
          </>
        )}
      </Stack>
    </Page>
  );
}
