import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, multipart, type Schemas, unwrap } from '#/api/client';
import { type ListParams, recordFilterOf } from '#/lists/useListParams';
import { useRecordMutation } from '#/records/mutations';

export type ViolationItem = Schemas['ViolationListItem'];
export type ViolationDetail = Schemas['ViolationDetail'];
export type ViolationStatus = Schemas['ViolationStatus'];
export type ViolationEventType = Schemas['ViolationEventType'];
export type ViolationFilter = Schemas['ViolationFilter'];
export type ViolationFileKind = Schemas['ViolationFileKind'];
export type ViolationInput = Schemas['ViolationCreate'];

export const violationStatusList: ViolationStatus[] = ['draft', 'issued', 'acknowledged', 'disputed', 'fixed', 'closed', 'cancelled'];
/** The list's own filters, kept in the address beside page, search and sort. */
export const filterKeys = ['status', 'type_id', 'object_id', 'renter_id', 'from', 'to', 'overdue'] as const;
export const violationSorts = ['-occurred_at', 'occurred_at', '-number', 'deadline_at'] as const;
type Sort = (typeof violationSorts)[number];

const path = (id: string) => ({ params: { path: { id } } });

export const violationKeys = {
  all: ['violations'] as const,
  one: (id: string) => ['violations', 'one', id] as const,
  rooms: ['violations', 'rooms'] as const,
};

/** The address's filters as the contract's ViolationFilter (unknown values are dropped). */
export function filterOf(params: ListParams): ViolationFilter {
  return { ...recordFilterOf(params, violationStatusList), renter_id: params.extra?.renter_id || undefined };
}

export function useViolations(params: ListParams) {
  const sort = (violationSorts as readonly string[]).includes(params.sort) ? (params.sort as Sort) : undefined;
  return useQuery({
    queryKey: [...violationKeys.all, 'list', params],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/violations', { params: { query: { page: params.page, limit: params.limit, sort, ...filterOf(params) } }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useViolation(id: string) {
  return useQuery({ queryKey: violationKeys.one(id), queryFn: ({ signal }) => unwrap(api.GET('/violations/{id}', { ...path(id), signal })) });
}

/** The landlord's objects and their rooms: a violation may be at another room than the renter's own. */
export function useViolationRooms(enabled: boolean) {
  return useQuery({
    queryKey: violationKeys.rooms,
    queryFn: ({ signal }) => unwrap(api.GET('/violations/rooms', { signal })),
    enabled,
    staleTime: 60_000,
  });
}

export const useCreateViolation = () => useRecordMutation(violationKeys, violationApi.create);
export const useUpdateViolation = (id: string) => useRecordMutation(violationKeys, (body: ViolationInput) => violationApi.update(id, body));
export const useViolationTransition = (id: string) =>
  useRecordMutation(violationKeys, (body: Schemas['ViolationTransition']) => violationApi.transition(id, body));
export const useViolationComment = (id: string) => useRecordMutation(violationKeys, (comment: string) => violationApi.comment(id, comment));
export const useDeleteViolation = (id: string) => useRecordMutation(violationKeys, () => violationApi.remove(id));

export function useViolationUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, file }: { id: string; kind: ViolationFileKind; file: File }) => violationApi.upload(id, kind, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: violationKeys.all }),
  });
}

export const violationApi = {
  create: (body: ViolationInput) => unwrap(api.POST('/violations', { body })),
  update: (id: string, body: ViolationInput) => unwrap(api.PUT('/violations/{id}', { ...path(id), body })),
  remove: (id: string) => unwrap(api.DELETE('/violations/{id}', path(id))),
  transition: (id: string, body: Schemas['ViolationTransition']) => unwrap(api.POST('/violations/{id}/transitions', { ...path(id), body })),
  comment: (id: string, comment: string) => unwrap(api.POST('/violations/{id}/comments', { ...path(id), body: { comment } })),
  /** One multipart file (`kind` + `file`); the server judges it by its bytes and size. */
  upload: (id: string, kind: ViolationFileKind, file: File) => unwrap(api.POST('/violations/{id}/files', { ...path(id), ...multipart({ kind, file }) })),
  exportXlsx: (filter: ViolationFilter) => unwrap(api.POST('/download/excel/violations', { body: filter, parseAs: 'blob' })) as Promise<Blob>,
};
