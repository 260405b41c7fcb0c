import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, multipart, type Schemas, unwrap } from '#/api/client';
import { type ListParams, recordFilterOf } from '#/lists/useListParams';
import { useRecordMutation } from '#/records/mutations';

export type RequestItem = Schemas['RequestListItem'];
export type RequestDetail = Schemas['RequestDetail'];
export type RequestStatus = Schemas['RequestStatus'];
export type RequestEventType = Schemas['RequestEventType'];
export type RequestFilter = Schemas['RequestFilter'];
export type RequestFileKind = Schemas['RequestFile']['kind'];
export type RequestPriority = Schemas['RequestPriority'];

export const requestStatusList: RequestStatus[] = ['new', 'in_progress', 'paused', 'done', 'closed', 'rejected', 'returned'];
/** Most urgent first, as the filter and the pickers list them. */
export const requestPriorities: RequestPriority[] = ['emergency', 'high', 'normal', 'low'];
/** The journal's own filters, kept in the address beside page and search. */
export const filterKeys = ['status', 'type_id', 'object_id', 'from', 'to', 'overdue', 'priority'] as const;
/** The renters' request kind (13 is visitors'). */
export const RENTER_KIND = 12;

const path = (id: string) => ({ params: { path: { id } } });

export const requestKeys = {
  all: ['requests'] as const,
  one: (id: string) => ['requests', 'one', id] as const,
  types: ['requests', 'types', RENTER_KIND] as const,
};

/** The address's filters as the contract's RequestFilter (unknown values are dropped). */
export function filterOf(params: ListParams): RequestFilter {
  const priority = params.extra?.priority as RequestPriority | undefined;
  return { ...recordFilterOf(params, requestStatusList), ...(priority && requestPriorities.includes(priority) && { priority }) };
}

export function useRequests(params: ListParams) {
  return useQuery({
    queryKey: [...requestKeys.all, 'list', params],
    queryFn: ({ signal }) => unwrap(api.GET('/requests', { params: { query: { page: params.page, limit: params.limit, ...filterOf(params) } }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useRequest(id: string) {
  return useQuery({ queryKey: requestKeys.one(id), queryFn: ({ signal }) => unwrap(api.GET('/requests/{id}', { ...path(id), signal })) });
}

/** The types a user may choose (for a renter the server keeps only those its landlord shows). */
export function useRequestTypes() {
  return useQuery({
    queryKey: requestKeys.types,
    queryFn: ({ signal }) => unwrap(api.GET('/type-request/kind/{kind}', { params: { path: { kind: RENTER_KIND } }, signal })),
    staleTime: 60_000,
  });
}

export const useCreateRequest = () => useRecordMutation(requestKeys, requestApi.create);
export const useUpdateRequest = (id: string) => useRecordMutation(requestKeys, (body: Schemas['RequestUpdate']) => requestApi.update(id, body));
export const useRequestTransition = (id: string) => useRecordMutation(requestKeys, (body: Schemas['RequestTransition']) => requestApi.transition(id, body));
export const useRequestPriority = (id: string) => useRecordMutation(requestKeys, (priority: RequestPriority) => requestApi.priority(id, priority));
export const useRequestComment = (id: string) => useRecordMutation(requestKeys, (comment: string) => requestApi.comment(id, comment));
export const useRateRequest = (id: string) => useRecordMutation(requestKeys, (body: { rating: number; comment?: string }) => requestApi.rate(id, body));
export const useFollowRequest = (id: string) => useRecordMutation(requestKeys, (follow: boolean) => requestApi.follow(id, follow));

/** One file of a request (a photo while it is created, a report photo while it is worked on). */
export function useRequestUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, file }: { id: string; kind: RequestFileKind; file: File }) => requestApi.upload(id, kind, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

export const requestApi = {
  create: (body: Schemas['RequestCreate']) => unwrap(api.POST('/requests', { body })),
  update: (id: string, body: Schemas['RequestUpdate']) => unwrap(api.PUT('/requests/{id}', { ...path(id), body })),
  transition: (id: string, body: Schemas['RequestTransition']) => unwrap(api.POST('/requests/{id}/transitions', { ...path(id), body })),
  priority: (id: string, priority: RequestPriority) => unwrap(api.PUT('/requests/{id}/priority', { ...path(id), body: { priority } })),
  comment: (id: string, comment: string) => unwrap(api.POST('/requests/{id}/comments', { ...path(id), body: { comment } })),
  rate: (id: string, body: { rating: number; comment?: string }) => unwrap(api.POST('/requests/{id}/rating', { ...path(id), body })),
  follow: (id: string, follow: boolean) => unwrap(follow ? api.PUT('/requests/{id}/follow', path(id)) : api.DELETE('/requests/{id}/follow', path(id))),
  /** One multipart file (`kind` + `file`); the server judges it by its bytes and size. */
  upload: (id: string, kind: RequestFileKind, file: File) => unwrap(api.POST('/requests/{id}/files', { ...path(id), ...multipart({ kind, file }) })),
  exportXlsx: (filter: RequestFilter) => unwrap(api.POST('/download/excel/requests', { body: filter, parseAs: 'blob' })) as Promise<Blob>,
};
