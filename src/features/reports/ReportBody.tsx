import type { Report, ReportTable } from '#/state/queries/reports';
import { formatBucket } from '../../i18n/formatters';
import type { Locales } from '../../i18n/i18n-types';
import { Card, EmptyState } from '../../ui';
import { Chart } from './ReportChart';
import * as s from './reports.css';

/** A report's figures, then each table: its chart and its numbers. */
export function ReportBody({
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
export function labelledIn(report: Report, locale: Locales): Report {
  return { ...report, tables: report.tables.map((t) => ({ ...t, rows: t.rows.map((r) => ({ ...r, label: formatBucket(r.label, locale) })) })) };
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
