import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, multipart, type Schemas, unwrap } from '#/api/client';
import type { ListParams } from '#/lists/useListParams';
import { type ImportEntity, importEntities } from '#/shared/imports';
import { billingKeys, invoiceKeys } from './billing';
import { contractKeys } from './contracts';
import { employeeKeys } from './employees';
import { meterKeys } from './meters';
import { objectKeys } from './objects';
import { renterKeys } from './renters';
import { reportKeys } from './reports';

export type ImportStatus = Schemas['ImportStatus'];
export type ImportItem = Schemas['Import'];
export type ImportDetail = Schemas['ImportDetail'];
export type ImportRowError = Schemas['ImportRowError'];
export type ImportEventType = Schemas['ImportEventType'];

export const importStatuses = ['uploaded', 'checked', 'committed', 'failed', 'discarded'] as const satisfies readonly ImportStatus[];
/** The history's own filters, kept in the address beside the page. */
export const filterKeys = ['entity', 'status'] as const;

/** The address's filters (unknown values are dropped). */
export function filterOf(params: ListParams): { entity?: ImportEntity; status?: ImportStatus } {
  const x = params.extra ?? {};
  return { entity: importEntities.find((e) => e === x.entity), status: importStatuses.find((s) => s === x.status) };
}

const path = (id: string) => ({ params: { path: { id } } });

export const importKeys = {
  all: ['imports'] as const,
  one: (id: string) => ['imports', 'one', id] as const,
};

/**
 * What a committed import writes to: the registers' lists and pickers (a unit is also a tenant's room option),
 * and for tenants, units and leases the occupancy that the reports and Home's figures show.
 */
const registerKeys: Record<ImportEntity, readonly (readonly unknown[])[]> = {
  tenants: [renterKeys.all, reportKeys.all],
  units: [objectKeys.all, renterKeys.all, reportKeys.all],
  employees: [employeeKeys.all],
  leases: [contractKeys.all, objectKeys.all, renterKeys.all, reportKeys.all],
  // A statement pays invoices and fills the matching queue.
  bank_statement: [invoiceKeys.all, billingKeys.all],
  // Readings and consumption live under the meters' root key.
  meters: [meterKeys.all],
  meter_readings: [meterKeys.all],
};

/** The keys an action on an import makes stale: the imports always, the register only when a commit wrote it. */
export const keysRefreshedBy = (event: ImportEventType, entity: ImportEntity): readonly (readonly unknown[])[] => [
  importKeys.all,
  ...(event === 'import.commit' ? registerKeys[entity] : []),
];

export function useImports(params: ListParams) {
  return useQuery({
    queryKey: [...importKeys.all, 'list', params],
    queryFn: ({ signal }) => unwrap(api.GET('/imports', { params: { query: { page: params.page, limit: params.limit, ...filterOf(params) } }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useImport(id: string | null) {
  return useQuery({
    queryKey: importKeys.one(id ?? ''),
    queryFn: ({ signal }) => unwrap(api.GET('/imports/{id}', { ...path(id ?? ''), signal })),
    enabled: Boolean(id),
  });
}

/** Upload and check: the answer is the checked import, put in its cache entry (the page shows it at once). */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entity, file }: { entity: ImportEntity; file: File }) => importApi.upload(entity, file),
    onSuccess: async (result) => {
      queryClient.setQueryData(importKeys.one(result.id), result);
      await queryClient.invalidateQueries({ queryKey: [...importKeys.all, 'list'] });
    },
  });
}

/**
 * Commit or discard (the buttons of machines/import.ts the server lists in `actions`). The answer goes
 * into the import's cache entry; a refused commit (the register changed, rows now wrong) kept fresh counts
 * and errors on the server, so the import is read again either way. A commit refreshes the register it wrote.
 */
export function useImportAction(item: Pick<ImportItem, 'id' | 'entity'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ event, invite = false }: { event: ImportEventType; invite?: boolean }) =>
      event === 'import.commit' ? importApi.commit(item.id, invite) : importApi.discard(item.id),
    onSuccess: (result) => queryClient.setQueryData(importKeys.one(result.id), result),
    onSettled: async (_result, _error, { event }) => {
      await Promise.all(keysRefreshedBy(event, item.entity).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

const blob = (call: Promise<{ data?: unknown; error?: unknown; response: Response }>) => unwrap(call) as Promise<Blob>;

export const importApi = {
  /** One multipart file with its entity; the server judges it by its bytes and size. */
  upload: (entity: ImportEntity, file: File) => unwrap(api.POST('/imports', multipart({ entity, file }))),
  /** `invite`: mail each new tenant its first-login link, at the server's pace after the commit. */
  commit: (id: string, invite: boolean) => unwrap(api.POST('/imports/{id}/commit', { ...path(id), body: { invite } })),
  discard: (id: string) => unwrap(api.POST('/imports/{id}/discard', path(id))),
  template: (entity: ImportEntity) => blob(api.GET('/import-templates/{entity}', { params: { path: { entity } }, parseAs: 'blob' })),
  errorReport: (id: string) => blob(api.GET('/imports/{id}/errors', { ...path(id), parseAs: 'blob' })),
  file: (id: string) => blob(api.GET('/imports/{id}/file', { ...path(id), parseAs: 'blob' })),
};
