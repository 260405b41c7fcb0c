import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '#/app/paths';
import { useSpaLink } from '#/frame/links';
import { type MeterDetail, type ReadingRow, useDeleteMeter, useMeter } from '#/state/queries/meters';
import { useCan, useSessionRole } from '#/state/session';
import { formatDay } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { type Column, DataTable } from '../../lists/DataTable';
import { QueryPage } from '../../lists/QueryPage';
import { DeleteButton } from '../../records/DeleteButton';
import type { DetailRow } from '../../records/Details';
import { RecordPage } from '../../records/RecordPage';
import { useMeterText } from '../../shared-ui/meter-text';
import { Button, Card, EmptyState, Row } from '../../ui';
import { ReadingBadges } from './format';
import { EditMeterDialog, ReplaceMeterDialog } from './MeterDialogs';

/** `/meters/{id}`: a meter's fields, its last twelve readings, the meter it replaced or that replaced it; staff edit and replace it. */
export function MeterViewPage({ id }: { id: string }) {
  const { LL } = useI18nContext();
  return (
    <QueryPage title={LL.meters.title()} query={useMeter(id)} lines={10}>
      {(m) => <MeterView meter={m} />}
    </QueryPage>
  );
}

function MeterView({ meter: m }: { meter: MeterDetail }) {
  const { LL, locale } = useI18nContext();
  const t = LL.meters;
  const f = t.fields;
  const text = useMeterText();
  const link = useSpaLink();
  const renter = useSessionRole() === 'renter';
  const mayUpdate = useCan('meters', 'update') && !renter;
  const mayDelete = useCan('meters', 'delete') && !renter;
  const [dialog, setDialog] = useState<'edit' | 'replace' | null>(null);
  const inService = m.removed_on === null;
  const day = (d: string | null) => (d ? formatDay(d, locale) : '—');
  const rows: DetailRow[] = [
    ['type', f.type(), text.type(m.type)],
    ['where', t.columns.where(), text.where(m)],
    ['place', f.place(), m.place ?? '—'],
    ['initial_reading', f.initial_reading(), `${text.figure(m.initial_reading)} ${text.unit(m.type)}`],
    ['digits', f.digits(), m.digits],
    ['multiplier', f.multiplier(), text.figure(m.multiplier)],
    ['installed_on', f.installed_on(), day(m.installed_on)],
    ['verified_until', f.verified_until(), day(m.verified_until)],
    ...(m.removed_on
      ? ([
          ['removed_on', f.removed_on(), day(m.removed_on)],
          ['final_reading', f.final_reading(), m.final_reading ? `${text.figure(m.final_reading)} ${text.unit(m.type)}` : '—'],
        ] satisfies DetailRow[])
      : []),
    ...(m.replaces
      ? ([['replaces', f.replaces(), <Link key="replaces" href={paths.meters.view(m.replaces.id)}>{`№ ${m.replaces.serial}`}</Link>]] satisfies DetailRow[])
      : []),
    ...(m.replaced_by
      ? ([
          ['replaced_by', f.replaced_by(), <Link key="replaced_by" href={paths.meters.view(m.replaced_by.id)}>{`№ ${m.replaced_by.serial}`}</Link>],
        ] satisfies DetailRow[])
      : []),
  ];
  const actions = (
    <Row gap="sm" wrap data-testid="meter-actions">
      {renter && inService && (
        <Button onClick={link(paths.meters.submitFor(m.id))} data-testid="meter-submit">
          {t.submit()}
        </Button>
      )}
      {mayUpdate && inService && (
        <>
          <Button variant="secondary" onClick={() => setDialog('edit')} data-testid="meter-edit">
            {LL.list.edit()}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('replace')} data-testid="meter-replace">
            {t.replace.button()}
          </Button>
          <EditMeterDialog meter={m} open={dialog === 'edit'} onClose={() => setDialog(null)} />
          <ReplaceMeterDialog meter={m} open={dialog === 'replace'} onClose={() => setDialog(null)} />
        </>
      )}
      {mayDelete && m.readings.length === 0 && <DeleteMeter meter={m} />}
    </Row>
  );
  return (
    <RecordPage title={t.viewTitle({ serial: m.serial })} testId="meter-view" editHref={false} rows={rows} testPrefix="meter-" actions={actions}>
      <Card title={f.readings()}>
        <Readings rows={m.readings} />
      </Card>
      <Link href={renter ? paths.meters.list : paths.meters.of({ objectId: m.object.id, roomId: m.room?.id })}>{t.toList()}</Link>
    </RecordPage>
  );
}

/** A meter's months, newest first: the value, what it counted, the status; each opens its reading. */
function Readings({ rows }: { rows: ReadingRow[] }) {
  const { LL } = useI18nContext();
  const t = LL.meters.readings;
  const text = useMeterText();
  if (rows.length === 0) return <EmptyState title={LL.meters.noReading()} />;
  const columns: Column<ReadingRow & { id: string }>[] = [
    {
      key: 'period',
      header: t.month(),
      cell: (r) => (r.id ? <Link href={paths.meterReadings.view(r.id)}>{text.month(r.period)}</Link> : text.month(r.period)),
    },
    { key: 'value', header: t.columns.value(), cell: (r) => text.figure(r.value) },
    { key: 'consumption', priority: 2, header: t.columns.consumption(), cell: (r) => text.figure(r.consumption) },
    { key: 'status', header: t.columns.status(), cell: (r) => <ReadingBadges reading={r} /> },
  ];
  // A missing month has no id of its own: its period keys the row.
  return <DataTable columns={columns} rows={rows.map((r) => ({ ...r, id: r.id ?? r.period }))} />;
}

/** A meter entered by mistake, while it has no reading (asked first); the register after. */
function DeleteMeter({ meter: m }: { meter: MeterDetail }) {
  const { LL } = useI18nContext();
  return (
    <DeleteButton
      remove={useDeleteMeter(m.id)}
      question={LL.meters.deleteConfirm({ serial: m.serial })}
      done={LL.meters.toasts.deleted()}
      then={paths.meters.list}
      testId="meter-delete"
    />
  );
}
