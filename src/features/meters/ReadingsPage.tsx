import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { almatyToday } from '#/shared/almaty';
import { meterTypes } from '#/shared/meters';
import { type ReadingRow, readingFilterKeys, readingFilterOf, type SheetRow, useReadings } from '#/state/queries/meters';
import { useObjectOptions } from '#/state/queries/objects';
import { useCan, useSessionRole } from '#/state/session';
import { readingStatuses } from '#machines/reading';
import { formatDateTime } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Column } from '../../lists/DataTable';
import { FilterSelect, optionsByName } from '../../lists/FilterSelect';
import { ListPage } from '../../lists/ListPage';
import { useListParams } from '../../lists/useListParams';
import { useMeterText } from '../../shared-ui/meter-text';
import { Button, Checkbox, TextField } from '../../ui';
import { EnterReadingDialog } from './EnterReadingDialog';
import { ReadingBadges } from './format';
import * as s from './meters.css';

/** `/meter-readings`: the month's sheet, every meter in service with its reading or the lack of one; staff enter a missing one. */
export function ReadingsPage() {
  const { LL, locale } = useI18nContext();
  const t = LL.meters.readings;
  const text = useMeterText();
  const link = useSpaLink();
  const staff = useSessionRole() !== 'renter';
  const mayEnter = useCan('meters', 'update') && staff;
  const [entering, setEntering] = useState<ReadingRow | null>(null);
  const { params, update } = useListParams({ sort: 'meter', limit: 50, extraKeys: readingFilterKeys });
  const filter = readingFilterOf(params);
  const query = useReadings(params, filter);
  const objects = useObjectOptions(staff);
  const f = LL.meters.filters;
  const c = t.columns;
  const x = params.extra ?? {};
  const flip = (key: 'flagged' | 'missing', on: boolean) => update({ extra: { ...x, [key]: on ? '1' : '' } });
  // The sheet's month (`YYYY-MM`, as the month picker keeps it): the one asked for, else the server's (this month).
  const month = x.month || (query.data?.period ?? almatyToday()).slice(0, 7);

  const columns: Column<SheetRow>[] = [
    {
      key: 'meter',
      header: c.meter(),
      cell: (r) =>
        r.reading_id ? (
          <Link href={paths.meterReadings.view(r.reading_id)} data-testid="reading-link">
            {text.type(r.meter.type)} № {r.meter.serial}
          </Link>
        ) : (
          `${text.type(r.meter.type)} № ${r.meter.serial}`
        ),
    },
    { key: 'where', priority: 2, header: c.where(), cell: (r) => text.where(r.meter) },
    { key: 'value', header: c.value(), cell: (r) => text.figure(r.value) },
    { key: 'previous', priority: 3, header: c.previous(), cell: (r) => text.figure(r.previous) },
    {
      key: 'consumption',
      priority: 2,
      header: c.consumption(),
      cell: (r) => (r.consumption === null ? '—' : `${text.figure(r.consumption)} ${text.unit(r.meter.type)}`),
    },
    { key: 'status', header: c.status(), cell: (r) => <ReadingBadges reading={r} /> },
    { key: 'submitted_at', priority: 4, header: c.submitted_at(), cell: (r) => (r.submitted_at ? formatDateTime(r.submitted_at, locale) : '—') },
  ];

  return (
    <>
      <ListPage
        title={t.title()}
        testId="readings-list"
        params={params}
        update={update}
        query={query}
        columns={columns}
        withStatus={false}
        withSearch={false}
        filters={
          <>
            <TextField
              label={t.month()}
              name="month"
              type="month"
              value={month}
              onChange={(e) => update({ extra: { ...x, month: e.target.value } })}
              data-testid="readings-month"
            />
            {staff && (
              <FilterSelect
                params={params}
                update={update}
                filter="object_id"
                label={f.object()}
                placeholder={f.allObjects()}
                options={optionsByName(objects.data)}
                data-testid="readings-object"
              />
            )}
            <FilterSelect
              params={params}
              update={update}
              filter="type"
              label={f.type()}
              placeholder={f.allTypes()}
              options={meterTypes.map((value) => ({ value, label: text.type(value) }))}
              data-testid="readings-type"
            />
            <FilterSelect
              params={params}
              update={update}
              filter="status"
              label={c.status()}
              placeholder={f.allStatuses()}
              options={readingStatuses.map((value) => ({ value, label: t.statuses[value]() }))}
              data-testid="readings-status"
            />
            <div className={s.toolbar}>
              <Checkbox
                label={t.flagged()}
                name="flagged"
                checked={x.flagged === '1'}
                onChange={(e) => flip('flagged', e.target.checked)}
                data-testid="readings-flagged"
              />
              <Checkbox
                label={t.missing()}
                name="missing"
                checked={x.missing === '1'}
                onChange={(e) => flip('missing', e.target.checked)}
                data-testid="readings-missing"
              />
            </div>
          </>
        }
        actions={
          <Button variant="secondary" onClick={link(paths.meters.list)}>
            {LL.meters.title()}
          </Button>
        }
        rowActions={(r) =>
          r.reading_id ? (
            <Button size="sm" variant="ghost" onClick={link(paths.meterReadings.view(r.reading_id))}>
              {LL.list.view()}
            </Button>
          ) : (
            mayEnter && (
              <Button size="sm" variant="secondary" onClick={() => setEntering(r)} data-testid="reading-enter">
                {t.enter()}
              </Button>
            )
          )
        }
      />
      {mayEnter && <EnterReadingDialog row={entering} onClose={() => setEntering(null)} />}
    </>
  );
}
