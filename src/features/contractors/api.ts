import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '../../api/client';
import { usePublicRecord } from '../../lists/PublicQuery';
import type { ListParams } from '../../lists/useListParams';

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
};

export function useContractors(params: ListParams) {
  return useQuery({
    queryKey: [...contractorKeys.all, 'list', params],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/contractors', {
          signal,
          params: { query: { page: params.page, limit: params.limit, search: params.search || undefined, status: params.status, sort: params.sort as ContractorSort } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useContractor(id: string) {
  return useQuery({ queryKey: contractorKeys.one(id), queryFn: ({ signal }) => unwrap(api.GET('/contractors/{id}', { params: { path: { id } }, signal })) });
}

export function useApplications(params: Pick<ListParams, 'page' | 'limit' | 'search'> & { status: ApplicationStatus }) {
  return useQuery({
    queryKey: [...contractorKeys.applications, params],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/contractor-applications', {
          signal,
          params: { query: { page: params.page, limit: params.limit, search: params.search || undefined, status: params.status } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contractorKeys.all });
}

/** Create (no id) or update one contractor. */
export function useSaveContractor(id?: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ContractorInput) => (id ? contractorApi.update(id, body) : contractorApi.create(body)),
    onSuccess: () => refresh(),
  });
}

export function useApproveApplication() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => contractorApi.approve(id), onSuccess: () => void refresh() });
}

export function useDeclineApplication() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: ({ id, reason }: { id: string; reason: string }) => contractorApi.decline(id, reason), onSuccess: () => void refresh() });
}

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
