import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '../../api/client';
import type { ListParams } from '../../lists/useListParams';

export type RequestItem = Schemas['RequestListItem'];
export type RequestDetail = Schemas['RequestDetail'];
export type RequestStatus = Schemas['RequestStatus'];
export type RequestEventType = Schemas['RequestEventType'];
export type RequestFilter = Schemas['RequestFilter'];
export type RequestFileKind = Schemas['RequestFile']['kind'];

export const requestStatusList: RequestStatus[] = ['new', 'in_progress', 'paused', 'done', 'closed', 'rejected', 'returned'];
/** The journal's own filters, kept in the address beside page and search. */
export const filterKeys = ['status', 'type_id', 'object_id', 'from', 'to', 'overdue'] as const;
/** Spec §9: the renters' request kind. */
export const RENTER_KIND = 12;

export const requestKeys = {
  all: ['requests'] as const,
  one: (id: string) => ['requests', 'one', id] as const,
  types: ['requests', 'types', RENTER_KIND] as const,
};

const isStatus = (v: string | undefined): v is RequestStatus => requestStatusList.includes(v as RequestStatus);

/** The address's filters as the contract's RequestFilter (unknown values are dropped). */
export function filterOf(params: ListParams): RequestFilter {
  const x = params.extra ?? {};
  return {
    search: params.search || undefined,
    status: isStatus(x.status) ? x.status : undefined,
    type_id: x.type_id || undefined,
    object_id: x.object_id || undefined,
    from: x.from || undefined,
    to: x.to || undefined,
    overdue: x.overdue === '1' || undefined,
  };
}

export function useRequests(params: ListParams) {
  return useQuery({
    queryKey: [...requestKeys.all, 'list', params],
    queryFn: () =>
      unwrap(api.GET('/requests', { params: { query: { page: params.page, limit: params.limit, ...filterOf(params) } } })),
    placeholderData: keepPreviousData,
  });
}

export function useRequest(id: string) {
  return useQuery({ queryKey: requestKeys.one(id), queryFn: () => unwrap(api.GET('/requests/{id}', { params: { path: { id } } })) });
}

/** The types a user may choose (for a renter the server keeps only those its landlord shows). */
export function useRequestTypes() {
  return useQuery({
    queryKey: requestKeys.types,
    queryFn: () => unwrap(api.GET('/type-request/kind/{kind}', { params: { path: { kind: RENTER_KIND } } })),
    staleTime: 60_000,
  });
}

// Pickers of staff: the first 100 are plenty for one landlord's objects, renters of an object and contractors.
export function useObjectOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['objects', 'options'],
    queryFn: () => unwrap(api.GET('/objects', { params: { query: { limit: 100 } } })),
    enabled,
    staleTime: 60_000,
  });
}

export function useRenterOptions(objectId: string) {
  return useQuery({
    queryKey: ['renters', 'options', objectId],
    queryFn: () => unwrap(api.GET('/renters', { params: { query: { limit: 100, object_id: objectId } } })),
    enabled: Boolean(objectId),
  });
}

export function useAssigneeOptions(enabled: boolean) {
  const employees = useQuery({ queryKey: ['employees', 'all'], queryFn: () => unwrap(api.GET('/employee/all')), enabled });
  const contractors = useQuery({
    queryKey: ['contractors', 'options'],
    queryFn: () => unwrap(api.GET('/contractors', { params: { query: { status: 'active', limit: 100 } } })),
    enabled,
  });
  return { employees, contractors };
}

const path = (id: string) => ({ params: { path: { id } } });

export const requestApi = {
  create: (body: Schemas['RequestCreate']) => unwrap(api.POST('/requests', { body })),
  update: (id: string, body: Schemas['RequestUpdate']) => unwrap(api.PUT('/requests/{id}', { ...path(id), body })),
  transition: (id: string, body: Schemas['RequestTransition']) => unwrap(api.POST('/requests/{id}/transitions', { ...path(id), body })),
  comment: (id: string, comment: string) => unwrap(api.POST('/requests/{id}/comments', { ...path(id), body: { comment } })),
  /** One multipart file (`kind` + `file`); the server judges it by its bytes and size. */
  upload: (id: string, kind: RequestFileKind, file: File) =>
    unwrap(
      api.POST('/requests/{id}/files', {
        ...path(id),
        body: { kind, file: file as unknown as string },
        bodySerializer: (body) => {
          const form = new FormData();
          form.append('kind', body.kind);
          form.append('file', body.file as unknown as File);
          return form;
        },
      }),
    ),
  exportXlsx: (filter: RequestFilter) => unwrap(api.POST('/download/excel/requests', { body: filter, parseAs: 'blob' })) as Promise<Blob>,
};
