import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '#/api/client';
import { almatyToday } from '#/shared/almaty';

export type Report = Schemas['Report'];
export type ReportName = Schemas['ReportName'];
export type ReportTable = Report['tables'][number];
export type ReportOptions = Schemas['ReportOptions'];
export type ReportQuery = {
  from: string;
  to: string;
  object_id?: string;
  executor_id?: string;
  type_id?: string;
  renter_id?: string;
  contractor_id?: string;
};

export const landlordReports: ReportName[] = ['requests', 'scorecards', 'tasks', 'waiting_list', 'occupancy', 'violations', 'notifications', 'billing'];

/** Which report takes which of the filters beyond the period and the object. */
export const takesExecutor = (name: ReportName) => name === 'requests' || name === 'tasks' || name === 'scorecards';
export const takesType = (name: ReportName) => name === 'requests' || name === 'violations' || name === 'scorecards';
export const takesRenter = (name: ReportName) => ['requests', 'violations', 'occupancy', 'billing', 'scorecards'].includes(name);

export const reportKeys = {
  all: ['reports'] as const,
  home: (name: ReportName, query: ReportQuery) => ['reports', 'home', name, query] as const,
};

/** One report: its figures and tables, the previous one shown while the next period loads. */
export function useReport(name: ReportName, query: ReportQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...reportKeys.all, name, query],
    queryFn: ({ signal }) => unwrap(api.GET('/reports/{name}', { signal, params: { path: { name }, query } })),
    placeholderData: keepPreviousData,
  });
}

/** The filters' lists from the reports' own access, so an employee who may read only reports has them too. */
export function useReportOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...reportKeys.all, 'options'],
    queryFn: ({ signal }) => unwrap(api.GET('/reports/options', { signal })),
    enabled,
  });
}

/** A report of this month, for Home's key figures (apart from the reports page's own periods). */
export function useMonthReport(name: 'requests' | 'occupancy' | 'billing', enabled = true) {
  const today = almatyToday();
  const query = { from: `${today.slice(0, 8)}01`, to: today };
  return useQuery({
    enabled,
    queryKey: reportKeys.home(name, query),
    queryFn: ({ signal }) => unwrap(api.GET('/reports/{name}', { signal, params: { path: { name }, query } })),
  });
}

/** A contractor's own scorecard over the last 12 months (its card). */
export function useContractorScorecard(contractorId: string, enabled: boolean) {
  const to = almatyToday();
  const from = new Date(Date.parse(to) - 364 * 86_400_000).toISOString().slice(0, 10);
  const query = { from, to, contractor_id: contractorId };
  return useQuery({
    enabled,
    queryKey: [...reportKeys.all, 'scorecards', query],
    queryFn: ({ signal }) => unwrap(api.GET('/reports/{name}', { signal, params: { path: { name: 'scorecards' }, query } })),
  });
}

export const exportReport = (name: ReportName, query: ReportQuery) =>
  unwrap(api.GET('/reports/{name}/export', { params: { path: { name }, query }, parseAs: 'blob' })) as Promise<Blob>;
