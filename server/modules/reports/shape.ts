import { sql } from 'drizzle-orm';
import type { components } from '../../../src/api/schema';
import type { Db } from '../../db/client';
import type { LL } from '../../http/i18n';
import { bucketsOf, type Period } from './period';

export type Report = components['schemas']['Report'];
type Figure = Report['figures'][number];
type Table = Report['tables'][number];
export type ReportName = Report['name'];

export type Ctx = {
  db: Db;
  landlordId: string;
  period: Period;
  objectId?: string;
  executorId?: string;
  typeId?: string;
  renterId?: string;
  /** Scorecards of one contractor (its card). */
  contractorId?: string;
  ll: LL;
  locale: 'ru' | 'kk' | 'en';
};

export { rows } from '../../db/rows';

export const col = (name: string) => sql.raw(name);
export const share = (part: number, whole: number) => (whole === 0 ? null : Math.round((1000 * part) / whole) / 10);
export const fig = (key: string, label: string, value: number | null, unit: Figure['unit'] = 'count'): Figure => ({ key, label, value, unit });

/** A table whose every column sums (counts, areas, money); `sums` false leaves a column's total empty. */
export function table(t: Omit<Table, 'totals'>, sums: boolean[] = t.columns.map(() => true)): Table {
  const totals = t.columns.map((_, i) => (sums[i] ? Math.round(100 * t.rows.reduce((s, r) => s + (r.values[i] ?? 0), 0)) / 100 : null));
  return { ...t, totals };
}

export type Keyed = { key: string } & Record<string, number | string | null>;

/** A per-bucket chart: every day (or week) of the period, joined with the series the queries counted. */
export function overTime(ctx: Ctx, key: string, series: { key: string; label: string; rows: Keyed[] }[]): Table {
  const t = ctx.ll.reports;
  const index = series.map((s) => new Map(s.rows.map((r) => [r.key, Number(r.n)])));
  return table({
    key,
    title: { day: t.table.byDay, week: t.table.byWeek, month: t.table.byMonth }[ctx.period.unit](),
    chart: 'line',
    label: { day: t.col.day, week: t.col.week, month: t.col.month }[ctx.period.unit](),
    columns: series.map((s) => ({ key: s.key, label: s.label })),
    rows: bucketsOf(ctx.period).map((b) => ({ label: b, values: index.map((m) => m.get(b) ?? 0) })),
  });
}

export const typeName = (ctx: Ctx, alias: string) => sql.raw(`${alias}.name_${ctx.locale}`);

export const round1 = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 10) / 10);

/** What one report builds; the name and the period are added by landlordReport. */
export type Built = Omit<Report, 'name' | 'from' | 'to'>;
