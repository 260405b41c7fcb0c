import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Link } from 'wouter';
import { useSessionUser } from '#/state/session';
import { formatBucket, formatNumber } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Locales } from '../../i18n/i18n-types';
import { useExport } from '../../lists/download';
import { refusalOf } from '../../lists/QueryPage';
import { useAddressState } from '../../lists/useListParams';
import { Button, Card, EmptyState, ErrorState, Page, Select, Skeleton, Stack, TextField } from '../../ui';
import {
  exportReport,
  landlordReports,
  type Report,
  type ReportName,
  type ReportOptions,
  type ReportQuery,
  type ReportTable,
  takesExecutor,
  takesRenter,
  takesType,
  useReport,
  useReportOptions,
} from './api';
import { type Preset, presets, rangeOf } from './period';
import * as s from './reports.css';

const palette = ['#006396', '#e07a00', '#3e8e0b', '#8a3ffc', '#c0102c', '#5c6570'];

const asOption = (x: { id: string; name: string }) => ({ value: x.id, label: x.name });

/** Request types under their kind's heading (12 renters', 13 visitors'), so a renters' type and a visitors' one of the same name differ. */
function requestTypeGroups(types: ReportOptions['request_types'], kinds: { renters: () => string; visitors: () => string }) {
  return [
    { label: kinds.renters(), options: types.filter((x) => x.kind === 12).map(asOption) },
    { label: kinds.visitors(), options: types.filter((x) => x.kind === 13).map(asOption) },
  ];
}

/** The address's state: `report`, `period`, `from`, `to`, `object`, `executor`, `type`, `renter`. */
function useReportParams(isPlatform: boolean) {
  const { params, set, hrefWith } = useAddressState();
  const asked = params.get('report') as ReportName | null;
  const name: ReportName = isPlatform ? 'platform' : asked && landlordReports.includes(asked) ? asked : 'requests';
  const preset = (presets as readonly string[]).includes(params.get('period') ?? '') ? (params.get('period') as Preset) : 'month';
  const fallback = rangeOf(preset === 'custom' ? 'month' : preset);
  const query: ReportQuery = preset === 'custom' ? { from: params.get('from') || fallback.from, to: params.get('to') || fallback.to } : { ...rangeOf(preset) };
  const object = params.get('object') ?? '';
  if (object) query.object_id = object;
  const executor = takesExecutor(name) ? (params.get('executor') ?? '') : '';
  if (executor) query.executor_id = executor;
  const type = takesType(name) ? (params.get('type') ?? '') : '';
  if (type) query.type_id = type;
  const renter = takesRenter(name) ? (params.get('renter') ?? '') : '';
  if (renter) query.renter_id = renter;
  // Another report drops the filters it does not take; the type always, since each report has its own types.
  const hrefOf = (n: ReportName) => hrefWith({ report: n, type: '', executor: takesExecutor(n) ? executor : '', renter: takesRenter(n) ? renter : '' });
  return { name, preset, query, object, executor, type, renter, set, hrefWith: hrefOf };
}

/** `/reports`: the board's reports, one per tab, each chart followed by its table, exported as .xlsx. */
export function ReportsPage() {
  const { LL, locale } = useI18nContext();
  const user = useSessionUser();
  const isPlatform = user?.role === 'superadmin';
  const { name, preset, query, object, executor, type, renter, set, hrefWith } = useReportParams(isPlatform);
  const byExecutor = takesExecutor(name);
  // The platform report takes no filters; the superadmin may not read a landlord's lists.
  const options = useReportOptions(!isPlatform).data;
  // Told at the field and never asked: the server would only refuse it.
  const periodWrong = query.to < query.from;
  const report = useReport(name, query, !periodWrong);
  const { exporting, run } = useExport();
  const t = LL.reports;
  const fmt = (v: number | null) => (v === null ? '—' : formatNumber(v, locale, 2));
  const names = isPlatform ? (['platform'] as const) : landlordReports;

  return (
    <div data-report-page className={s.page}>
      <Page
        title={t.title()}
        data-testid="reports"
        actions={
          <div className={s.noPrint}>
            <Button
              variant="secondary"
              loading={exporting}
              disabled={periodWrong}
              data-testid="report-export"
              onClick={() => void run(() => exportReport(name, query), `report-${name}-${query.from}-${query.to}.xlsx`)}
            >
              {t.export()}
            </Button>{' '}
            <Button variant="secondary" onClick={() => window.print()}>
              {t.print()}
            </Button>
          </div>
        }
      >
        <Stack gap="lg">
          {names.length > 1 && (
            <nav aria-label={t.title()} className={s.noPrint}>
              <ul className={s.tabs}>
                {names.map((n) => (
                  <li key={n}>
                    <Link href={hrefWith(n)} className={s.tab} aria-current={n === name ? 'page' : undefined} data-testid={`report-tab-${n}`}>
                      {t.names[n]()}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <div className={s.filters}>
            <Select
              label={t.period()}
              name="period"
              value={preset}
              onChange={(e) =>
                set({ period: e.target.value, from: e.target.value === 'custom' ? query.from : '', to: e.target.value === 'custom' ? query.to : '' })
              }
              options={presets.map((p) => ({ value: p, label: t.presets[p]() }))}
              data-testid="report-period"
            />
            {preset === 'custom' && (
              <>
                <TextField label={t.from()} type="date" name="from" value={query.from} onChange={(e) => set({ from: e.target.value })} />
                <TextField
                  label={t.to()}
                  type="date"
                  name="to"
                  value={query.to}
                  min={query.from}
                  error={periodWrong ? t.periodOrder() : undefined}
                  onChange={(e) => set({ to: e.target.value })}
                />
              </>
            )}
            {!isPlatform && name !== 'tasks' && name !== 'notifications' && (
              <Select
                label={t.object()}
                name="object"
                value={object}
                onChange={(e) => set({ object: e.target.value })}
                options={[{ value: '', label: t.allObjects() }, ...(options?.objects ?? []).map(asOption)]}
                data-testid="report-object"
              />
            )}
            {byExecutor && (
              <Select
                label={t.executor()}
                name="executor"
                value={executor}
                onChange={(e) => set({ executor: e.target.value })}
                options={[{ value: '', label: t.allExecutors() }, ...(options?.executors ?? []).map(asOption)]}
                data-testid="report-executor"
              />
            )}
            {!isPlatform && takesType(name) && (
              <Select
                label={name === 'requests' ? t.requestType() : t.violationType()}
                name="type"
                value={type}
                onChange={(e) => set({ type: e.target.value })}
                options={[{ value: '', label: t.allTypes() }, ...(name === 'violations' ? (options?.violation_types ?? []).map(asOption) : [])]}
                groups={name === 'requests' ? requestTypeGroups(options?.request_types ?? [], LL.requests.kinds) : []}
                data-testid="report-type"
              />
            )}
            {!isPlatform && takesRenter(name) && (
              <Select
                label={t.renter()}
                name="renter"
                value={renter}
                onChange={(e) => set({ renter: e.target.value })}
                options={[{ value: '', label: t.allRenters() }, ...(options?.renters ?? []).map(asOption)]}
                data-testid="report-renter"
              />
            )}
          </div>
          {periodWrong ? null : report.isPending ? (
            <Skeleton lines={6} label={LL.common.loading()} />
          ) : report.isError ? (
            <ErrorState text={refusalOf(report.error) ?? LL.list.loadError()} retryLabel={LL.common.retry()} onRetry={() => void report.refetch()} />
          ) : (
            <ReportBody report={labelledIn(report.data, locale)} fmt={fmt} empty={t.empty()} totalLabel={t.total()} figuresLabel={t.figures()} />
          )}
        </Stack>
      </Page>
    </div>
  );
}

function ReportBody({
  report,
  fmt,
  empty,
  totalLabel,
  figuresLabel,
}: {
  report: Report;
  fmt: (v: number | null) => string;
  empty: string;
  totalLabel: string;
  figuresLabel: string;
}) {
  const unit = (u: Report['figures'][number]['unit']) => (u === 'percent' ? ' %' : u === 'money' ? ' ₸' : '');
  return (
    <>
      <Card title={figuresLabel}>
        <dl className={s.figures} data-testid="report-figures">
          {report.figures.map((f) => (
            <div key={f.key} className={s.figure}>
              <dt className={s.figureLabel}>{f.label}</dt>
              <dd className={s.figureValue} data-testid={`figure-${f.key}`}>
                {fmt(f.value)}
                {f.value === null ? '' : unit(f.unit)}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
      {report.tables.map((table) => (
        <Card key={table.key} title={table.title} data-testid={`report-table-${table.key}`}>
          {table.rows.length === 0 ? (
            <EmptyState title={empty} />
          ) : (
            <>
              {table.chart !== 'none' && <Chart table={table} />}
              <DataGrid table={table} fmt={fmt} totalLabel={totalLabel} />
            </>
          )}
        </Card>
      ))}
    </>
  );
}

/** The report with its days and months written as the language writes dates (formatBucket). */
function labelledIn(report: Report, locale: Locales): Report {
  return { ...report, tables: report.tables.map((t) => ({ ...t, rows: t.rows.map((r) => ({ ...r, label: formatBucket(r.label, locale) })) })) };
}

/** The table's series as a chart; the table under it carries the same numbers for screen readers. */
function Chart({ table }: { table: ReportTable }) {
  const data = table.rows.map((r) => Object.fromEntries([['label', r.label], ...table.columns.map((c, i) => [c.key, r.values[i] ?? 0])]));
  const series = table.columns.map((c, i) => ({ key: c.key, name: c.label, color: palette[i % palette.length] }));
  return (
    <div className={s.chart} aria-hidden="true" data-testid="report-chart">
      <ResponsiveContainer width="100%" height="100%">
        {table.chart === 'line' ? (
          <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={16} />
            <YAxis allowDecimals={false} width={40} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Legend />
            {series.map((x) => (
              <Line key={x.key} dataKey={x.key} name={x.name} stroke={x.color} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        ) : (
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={8} />
            <YAxis width={48} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Legend />
            {series.map((x) => (
              <Bar key={x.key} dataKey={x.key} name={x.name} fill={x.color} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}

function DataGrid({ table, fmt, totalLabel }: { table: ReportTable; fmt: (v: number | null) => string; totalLabel: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard
    <section className={s.tableBox} tabIndex={0} aria-label={table.title}>
      <table className={s.table} data-testid="report-grid">
        <caption className={s.caption}>{table.title}</caption>
        <thead>
          <tr>
            <th scope="col" className={s.head}>
              {table.label}
            </th>
            {table.columns.map((c) => (
              <th key={c.key} scope="col" className={s.num}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r) => (
            <tr key={r.label} data-testid="report-row">
              <th scope="row" className={s.head}>
                {r.label}
              </th>
              {r.values.map((v, j) => (
                <td key={table.columns[j]?.key ?? j} className={s.num}>
                  {fmt(v)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className={s.total}>
            <th scope="row" className={s.head}>
              {totalLabel}
            </th>
            {table.totals.map((v, j) => (
              <td key={table.columns[j]?.key ?? j} className={s.num}>
                {v === null ? '' : fmt(v)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
