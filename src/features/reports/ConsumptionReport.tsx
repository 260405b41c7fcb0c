import { meterTypes } from '#/shared/meters';
import { type MeterType, useConsumption } from '#/state/queries/meters';
import { useObjectOptions, useRooms } from '#/state/queries/objects';
import { useI18nContext } from '../../i18n/i18n-react';
import { refusalOf } from '../../lists/QueryPage';
import { useAddressState } from '../../lists/useListParams';
import { useMeterText } from '../../shared-ui/meter-text';
import { Card, EmptyState, ErrorState, Select, Skeleton, Stack } from '../../ui';
import { Chart } from './ReportChart';
import * as r from './reports.css';

/**
 * The reports' meters tab: twelve months of a type's consumption, for a unit, a property or all of the
 * landlord's, the units' meters beside the common area's. The chart draws the numbers; the table under
 * it writes them exactly as the server counted them.
 */
export function ConsumptionReport() {
  const { LL } = useI18nContext();
  const t = LL.meters.consumption;
  const text = useMeterText();
  const { params, set } = useAddressState();
  const type: MeterType = meterTypes.find((m) => m === params.get('meter_type')) ?? 'electricity';
  const object = params.get('object') ?? '';
  const room = object ? (params.get('room') ?? '') : '';
  const objects = useObjectOptions();
  const rooms = useRooms(object);
  const query = useConsumption({ type, object_id: object || undefined, room_id: room || undefined, months: 12 });
  const unit = text.unit(type);
  const months = query.data?.months ?? [];
  const counted = months.some((m) => Number(m.units) !== 0 || Number(m.common) !== 0);
  return (
    <Stack gap="lg">
      <div className={r.filters}>
        <Select
          label={t.type()}
          name="meter_type"
          value={type}
          onChange={(e) => set({ meter_type: e.target.value })}
          options={meterTypes.map((m) => ({ value: m, label: text.type(m) }))}
          data-testid="consumption-type"
        />
        <Select
          label={LL.meters.filters.object()}
          name="object"
          value={object}
          onChange={(e) => set({ object: e.target.value, room: '' })}
          options={[{ value: '', label: t.allObjects() }, ...(objects.data ?? []).map((o) => ({ value: o.id, label: o.name }))]}
          data-testid="consumption-object"
        />
        {object && (
          <Select
            label={LL.meters.filters.room()}
            name="room"
            value={room}
            onChange={(e) => set({ room: e.target.value })}
            options={[{ value: '', label: t.allRooms() }, ...(rooms.data ?? []).map((x) => ({ value: x.id, label: LL.meters.room({ number: x.number }) }))]}
            data-testid="consumption-room"
          />
        )}
      </div>
      {query.isPending ? (
        <Skeleton lines={6} label={LL.common.loading()} />
      ) : query.isError ? (
        <ErrorState text={refusalOf(query.error) ?? LL.list.loadError()} retryLabel={LL.common.retry()} onRetry={() => void query.refetch()} />
      ) : (
        <Card title={t.title({ unit })} data-testid="consumption">
          {!counted ? (
            <EmptyState title={LL.reports.empty()} />
          ) : (
            <>
              <Chart
                table={{
                  key: 'consumption',
                  title: t.title({ unit }),
                  chart: 'bar',
                  label: t.month(),
                  columns: [
                    { key: 'units', label: t.units(), unit: 'area' },
                    { key: 'common', label: t.common(), unit: 'area' },
                  ],
                  // Drawn only: the bars' heights; the table says the exact figures.
                  rows: months.map((m) => ({ label: text.month(m.period), values: [Number(m.units), Number(m.common)] })),
                  totals: [],
                }}
              />
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard */}
              <section className={r.tableBox} tabIndex={0} aria-label={t.title({ unit })}>
                <table className={r.table} data-testid="consumption-grid">
                  <thead>
                    <tr>
                      <th scope="col" className={r.head}>
                        {t.month()}
                      </th>
                      <th scope="col" className={r.num}>
                        {t.units()}
                      </th>
                      <th scope="col" className={r.num}>
                        {t.common()}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {months.map((m) => (
                      <tr key={m.period} data-testid="consumption-row">
                        <th scope="row" className={r.head}>
                          {text.month(m.period)}
                        </th>
                        <td className={r.num}>{text.figure(m.units)}</td>
                        <td className={r.num}>{text.figure(m.common)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            </>
          )}
        </Card>
      )}
    </Stack>
  );
}
