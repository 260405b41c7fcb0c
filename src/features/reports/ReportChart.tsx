import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportTable } from '#/state/queries/reports';
import * as s from './reports.css';

const palette = ['#006396', '#e07a00', '#3e8e0b', '#8a3ffc', '#c0102c', '#5c6570'];

type Unit = NonNullable<ReportTable['columns'][number]['unit']>;

/**
 * The table's series as a chart; the table under it carries the same numbers for screen readers. Series
 * of another unit than the first (tenge beside a count) get an axis of their own on the right, so a count
 * of 3 is not a flat line under 15 000 ₸; counts have whole ticks.
 */
export function Chart({ table }: { table: ReportTable }) {
  const data = table.rows.map((r) => Object.fromEntries([['label', r.label], ...table.columns.map((c, i) => [c.key, r.values[i] ?? 0])]));
  const unitOf = (c: ReportTable['columns'][number]): Unit => c.unit ?? 'count';
  const first = table.columns[0] ? unitOf(table.columns[0]) : 'count';
  const second = table.columns.map(unitOf).find((u) => u !== first);
  const series = table.columns.map((c, i) => ({
    key: c.key,
    name: c.label,
    color: palette[i % palette.length],
    axis: unitOf(c) === first ? 'left' : 'right',
  }));
  const axis = (id: 'left' | 'right', unit: Unit, width: number) => (
    <YAxis key={id} yAxisId={id} orientation={id} allowDecimals={unit !== 'count'} width={width} tick={{ fontSize: 11 }} />
  );
  const axes = [axis('left', first, 48), ...(second ? [axis('right', second, 56)] : [])];
  return (
    <div className={s.chart} aria-hidden="true" data-testid="report-chart">
      <ResponsiveContainer width="100%" height="100%">
        {table.chart === 'line' ? (
          <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={16} />
            {axes}
            <Tooltip />
            <Legend />
            {series.map((x) => (
              <Line key={x.key} yAxisId={x.axis} dataKey={x.key} name={x.name} stroke={x.color} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        ) : (
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={8} />
            {axes}
            <Tooltip />
            <Legend />
            {series.map((x) => (
              <Bar key={x.key} yAxisId={x.axis} dataKey={x.key} name={x.name} fill={x.color} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
