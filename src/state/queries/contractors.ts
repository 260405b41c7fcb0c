import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '#/api/client';
import { usePublicRecord } from '#/lists/PublicQuery';
import { type ListParams, pageQuery } from '#/lists/useListParams';
import { type MutationCallbacks, type StatusChange, useRefreshMutation, useStatusMutation } from '#/records/mutations';

export type Contractor = Schemas['Contractor'];
export type ContractorInput = Schemas['ContractorInput'];
export type ContractorApplication = Schemas['ContractorApplication'];
export type ApplicationStatus = Schemas['ContractorApplicationStatus'];
export type ContractorSort = 'name' | '-name' | 'created_at' | '-created_at';

// Applications share the prefix: approving one adds a contractor, so both lists refresh together.
export const contractorKeys = {
  all: ['contractors'] as const,
  one: (id: string) => ['contractors', 'one', id] as const,
  applications: ['contractors', 'applications'] as const,
  publicForm: ['contractor-form'] as const,
  options: ['contractors', 'options'] as const,
};

export function useContractors(params: ListParams) {
  return useQuery({
    queryKey: [...contractorKeys.all, 'list', params],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/contractors', {
          signal,
          params: { query: { ...pageQuery(params), status: params.status, sort: params.sort as ContractorSort } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useContractor(id: string) {
  return useQuery({
    queryKey: contractorKeys.one(id),
    queryFn: ({ signal }) => unwrap(api.GET('/contractors/{id}', { params: { path: { id } }, signal })),
  });
}

export function useApplications(params: Pick<ListParams, 'page' | 'limit' | 'search'> & { status: ApplicationStatus }) {
  return useQuery({
    queryKey: [...contractorKeys.applications, params],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/contractor-applications', {
          signal,
          params: { query: { ...pageQuery(params), status: params.status } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Create (no id) or update one contractor. */
export const useSaveContractor = (id?: string) =>
  useRefreshMutation([contractorKeys.all], (body: ContractorInput) => (id ? contractorApi.update(id, body) : contractorApi.create(body)));

export const useContractorStatus = (on?: MutationCallbacks<StatusChange>) => useStatusMutation(contractorKeys.all, contractorApi, on);

export const useApproveApplication = () => useRefreshMutation([contractorKeys.all], (id: string) => contractorApi.approve(id), {}, { background: true });

export const useDeclineApplication = () =>
  useRefreshMutation([contractorKeys.all], ({ id, reason }: { id: string; reason: string }) => contractorApi.decline(id, reason), {}, { background: true });

/** The landlord a public contractor link names. */
export const useContractorForm = (landlordId: string) => usePublicRecord(contractorKeys.publicForm, landlordId, contractorFormApi.landlord);

export const contractorApi = {
  create: (body: ContractorInput) => unwrap(api.POST('/contractors', { body })),
  update: (id: string, body: ContractorInput) => unwrap(api.PUT('/contractors/{id}', { params: { path: { id } }, body })),
  remove: (id: string) => unwrap(api.DELETE('/contractors/{id}', { params: { path: { id } } })),
  restore: (id: string) => unwrap(api.PUT('/contractors/{id}/restore', { params: { path: { id } } })),
  approve: (id: string) => unwrap(api.POST('/contractor-applications/{id}/approve', { params: { path: { id } } })),
  decline: (id: string, reason: string) => unwrap(api.POST('/contractor-applications/{id}/decline', { params: { path: { id } }, body: { reason } })),
};

export const contractorFormApi = {
  landlord: (landlordId: string, signal?: AbortSignal) => unwrap(api.GET('/public/contractor-form/{landlordId}', { params: { path: { landlordId } }, signal })),
  apply: (landlordId: string, body: ContractorInput) => unwrap(api.POST('/public/contractor-form/{landlordId}', { params: { path: { landlordId } }, body })),
};

export function useContractorOptions(enabled = true) {
  return useQuery({
    queryKey: contractorKeys.options,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/contractors', { params: { query: { status: 'active', limit: 100 } }, signal }))).data,
    enabled,
  });
}
