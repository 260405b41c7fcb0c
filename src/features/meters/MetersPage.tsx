import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { meterTypes } from '#/shared/meters';
import { type Meter, meterFilterKeys, meterFilterOf, type ReadingWindow, useMeters } from '#/state/queries/meters';
import { useObjectOptions, useRooms } from '#/state/queries/objects';
import { useCan, useSessionRole } from '#/state/session';
import { formatDay } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { FilterSelect, optionsByName } from '../../lists/FilterSelect';
import { ListPage } from '../../lists/ListPage';
import { refusalOf } from '../../lists/QueryPage';
import { useListParams } from '../../lists/useListParams';
import { useMeterText } from '../../shared-ui/meter-text';
import { Button, Card, EmptyState, ErrorState, Page, Skeleton } from '../../ui';
import { ReadingBadge } from './format';
import { NewMeterDialog } from './MeterDialogs';
import * as s from './meters.css';

/** `/meters`: staff's register of meters; a renter's own meters as cards with "submit a reading". */
export function MetersPage() {
  return useSessionRole() === 'renter' ? <TenantMeters /> : <MetersRegister />;
}

function MetersRegister() {
  const { LL, locale } = useI18nContext();
  const t = LL.meters;
  const text = useMeterText();
  const link = useSpaLink();
  const mayCreate = useCan('meters', 'create');
  const [adding, setAdding] = useState(false);
  const { params, update } = useListParams({ sort: 'object', extraKeys: meterFilterKeys });
  const filter = meterFilterOf(params);
  const query = useMeters(params, filter);
  const objects = useObjectOptions();
  const rooms = useRooms(filter.object_id ?? '');
  const c = t.columns;
  const f = t.filters;

  const columns: Column<Meter>[] = [
    {
      key: 'serial',
      header: c.serial(),
      cell: (m) => (
        <Link href={paths.meters.view(m.id)} data-testid="meter-link">
          {m.serial}
        </Link>
      ),
    },
    { key: 'type', header: c.type(), cell: (m) => text.type(m.type) },
    { key: 'where', priority: 2, header: c.where(), cell: (m) => text.where(m) },
    { key: 'place', priority: 4, header: c.place(), cell: (m) => m.place },
    {
      key: 'last',
      priority: 3,
      header: c.last(),
      cell: (m) => (m.last_reading ? `${text.figure(m.last_reading.value)} ${text.unit(m.type)} · ${text.month(m.last_reading.period)}` : t.noReading()),
    },
    { key: 'verified_until', priority: 4, header: c.verified_until(), cell: (m) => (m.verified_until ? formatDay(m.verified_until, locale) : '—') },
  ];

  return (
    <ListPage
      title={t.title()}
      testId="meters-list"
      params={params}
      update={update}
      query={query}
      columns={columns}
      withStatus={false}
      withSearch={false}
      emptyHint={t.emptyHint()}
      filters={
        <>
          <FilterSelect
            params={params}
            update={(patch) => update({ ...patch, extra: { ...patch.extra, room_id: '' } })}
            filter="object_id"
            label={f.object()}
            placeholder={f.allObjects()}
            options={optionsByName(objects.data)}
            data-testid="meters-object"
          />
          <FilterSelect
            params={params}
            update={update}
            filter="room_id"
            label={f.room()}
            placeholder={f.allRooms()}
            options={(rooms.data ?? []).map((r) => ({ value: r.id, label: t.room({ number: r.number }) }))}
            disabled={!filter.object_id}
            data-testid="meters-room"
          />
          <FilterSelect
            params={params}
            update={update}
            filter="type"
            label={f.type()}
            placeholder={f.allTypes()}
            options={meterTypes.map((value) => ({ value, label: text.type(value) }))}
            data-testid="meters-type"
          />
          <FilterSelect
            params={params}
            update={update}
            filter="removed"
            label={f.state()}
            options={[
              { value: '', label: f.inService() },
              { value: '1', label: f.removed() },
            ]}
            data-testid="meters-removed"
          />
        </>
      }
      actions={
        <>
          <Button variant="secondary" onClick={link(paths.meterReadings.list)}>
            {t.readings.title()}
          </Button>
          {mayCreate && (
            <Button onClick={() => setAdding(true)} data-testid="meters-add">
              {t.newMeter()}
            </Button>
          )}
          {mayCreate && <NewMeterDialog open={adding} onClose={() => setAdding(false)} objectId={filter.object_id} roomId={filter.room_id} />}
        </>
      }
      rowActions={(m) => (
        <Button size="sm" variant="ghost" onClick={link(paths.meters.view(m.id))}>
          {LL.list.view()}
        </Button>
      )}
    />
  );
}

/** A renter's meters on its phone: a card each, its last reading, and the way to submit while the window is open. */
function TenantMeters() {
  const { LL } = useI18nContext();
  const t = LL.meters;
  const query = useMeters({ page: 1, limit: 100 }, {});
  return (
    <Page title={t.myTitle()} data-testid="tenant-meters">
      {query.isPending ? (
        <Skeleton lines={4} label={LL.common.loading()} />
      ) : query.isError ? (
        <ErrorState text={refusalOf(query.error) ?? LL.list.loadError()} retryLabel={LL.common.retry()} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <EmptyState title={t.renterEmpty()} />
      ) : (
        <div className={s.cards}>
          {query.data.data.map((m) => (
            <MeterCard key={m.id} meter={m} window={query.data.window} />
          ))}
        </div>
      )}
    </Page>
  );
}

function MeterCard({ meter: m, window: w }: { meter: Meter; window: ReadingWindow }) {
  const { LL, locale } = useI18nContext();
  const t = LL.meters;
  const text = useMeterText();
  const link = useSpaLink();
  const last = m.last_reading;
  // This month's reading, once staff accepted it, needs nothing more; a returned one is submitted again.
  const done = last?.period === w.period && last.status === 'accepted';
  return (
    <Card data-testid="meter-card">
      <div className={s.cardBody}>
        <h2 className={s.cardTitle}>
          <Link href={paths.meters.view(m.id)}>
            {text.type(m.type)} № {m.serial}
          </Link>
        </h2>
        <p className={s.line}>{text.where(m)}</p>
        {last ? (
          <p className={s.line} data-testid="meter-last">
            {t.lastReading({ value: text.figure(last.value), unit: text.unit(m.type), month: text.monthIn(last.period) })}{' '}
            <Link href={paths.meterReadings.view(last.id)}>
              <ReadingBadge status={last.status} />
            </Link>
          </p>
        ) : (
          <p className={s.muted}>{t.noReading()}</p>
        )}
        {w.open ? (
          <>
            <p className={s.muted} data-testid="meter-window">
              {t.windowOpen({ month: text.monthIn(w.period), to: formatDay(w.to, locale) })}
            </p>
            {!done && (
              <div>
                <Button onClick={link(paths.meters.submitFor(m.id))} data-testid="meter-submit">
                  {t.submit()}
                </Button>
              </div>
            )}
          </>
        ) : (
          <p className={s.muted} data-testid="meter-window">
            {t.windowClosed({ month: text.monthIn(w.period), from: formatDay(w.from, locale), to: formatDay(w.to, locale) })}
          </p>
        )}
      </div>
    </Card>
  );
}
