import { Link } from 'wouter';
import {
  exportReport,
  landlordReports,
  type ReportName,
  type ReportOptions,
  type ReportQuery,
  takesExecutor,
  takesRenter,
  takesType,
  useReport,
  useReportOptions,
} from '#/state/queries/reports';
import { useCan, useSessionUser } from '#/state/session';
import { formatDay, formatNumber } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { useExport } from '../../lists/download';
import { refusalOf } from '../../lists/QueryPage';
import { useAddressState } from '../../lists/useListParams';
import { Button, ErrorState, Page, Select, Skeleton, Stack, TextField } from '../../ui';
import { ConsumptionReport } from './ConsumptionReport';
import { type Preset, presets, rangeOf } from './period';
import { labelledIn, ReportBody } from './ReportBody';
import * as s from './reports.css';

const asOption = (x: { id: string; name: string }) => ({ value: x.id, label: x.name });

/** Request types under their kind's heading (12 renters', 13 visitors'), so a renters' type and a visitors' one of the same name differ. */
function requestTypeGroups(types: ReportOptions['request_types'], kinds: { renters: () => string; visitors: () => string }) {
  return [
    { label: kinds.renters(), options: types.filter((x) => x.kind === 12).map(asOption) },
    { label: kinds.visitors(), options: types.filter((x) => x.kind === 13).map(asOption) },
  ];
}

/** The address's state: `report`, `period`, `from`, `to`, `object`, `executor`, `type`, `renter`. */
function useReportParams(isPlatform: boolean, offered: readonly ReportName[]) {
  const { params, set, hrefWith } = useAddressState();
  const asked = params.get('report') as ReportName | null;
  const name: ReportName = isPlatform ? 'platform' : asked && offered.includes(asked) ? asked : 'requests';
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
  // Money is the billing module's: its report is offered to those who may read billing.
  const mayBill = useCan('billing', 'read');
  const names = isPlatform ? (['platform'] as const) : landlordReports.filter((n) => n !== 'billing' || mayBill);
  const { name, preset, query, object, executor, type, renter, set, hrefWith } = useReportParams(isPlatform, names);
  // Meters' consumption is a tab of its own (GET /meters/consumption), for those who may read meters.
  const address = useAddressState();
  const mayMeters = useCan('meters', 'read') && !isPlatform;
  const meterTab = mayMeters && address.params.get('report') === 'meters';
  const byExecutor = takesExecutor(name);
  // The platform report takes no filters; the superadmin may not read a landlord's lists.
  const options = useReportOptions(!isPlatform).data;
  // Told at the field and never asked: the server would only refuse it.
  const periodWrong = query.to < query.from;
  const report = useReport(name, query, !periodWrong && !meterTab);
  const { exporting, run } = useExport();
  const t = LL.reports;
  const fmt = (v: number | null) => (v === null ? '—' : formatNumber(v, locale, 2));

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
              disabled={periodWrong || meterTab}
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
          <p className={s.printTitle} data-testid="report-print-title">
            {t.names[name]()}: {formatDay(query.from, locale)} – {formatDay(query.to, locale)}
          </p>
          {names.length > 1 && (
            <nav aria-label={t.title()} className={s.noPrint}>
              <ul className={s.tabs}>
                {names.map((n) => (
                  <li key={n}>
                    <Link href={hrefWith(n)} className={s.tab} aria-current={n === name && !meterTab ? 'page' : undefined} data-testid={`report-tab-${n}`}>
                      {t.names[n]()}
                    </Link>
                  </li>
                ))}
                {mayMeters && (
                  <li>
                    <Link
                      href={address.hrefWith({ report: 'meters', type: '', executor: '', renter: '' })}
                      className={s.tab}
                      aria-current={meterTab ? 'page' : undefined}
                      data-testid="report-tab-meters"
                    >
                      {LL.meters.consumption.tab()}
                    </Link>
                  </li>
                )}
              </ul>
            </nav>
          )}
          {meterTab ? (
            <ConsumptionReport />
          ) : (
            <>
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
                    label={name === 'violations' ? t.violationType() : t.requestType()}
                    name="type"
                    value={type}
                    onChange={(e) => set({ type: e.target.value })}
                    options={[{ value: '', label: t.allTypes() }, ...(name === 'violations' ? (options?.violation_types ?? []).map(asOption) : [])]}
                    groups={name === 'violations' ? [] : requestTypeGroups(options?.request_types ?? [], LL.requests.kinds)}
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
            </>
          )}
        </Stack>
      </Page>
    </div>
  );
}
