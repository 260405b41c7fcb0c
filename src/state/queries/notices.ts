import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, indexed, multipart, type Schemas, unwrap } from '#/api/client';
import { type ListParams, pageQuery } from '#/lists/useListParams';
import { useRefreshMutation } from '#/records/mutations';
import { refreshMenuCounts } from './menu-counts';
import { notificationKeys } from './notifications';
import { useRooms } from './objects';

export type EmployeeNotice = Schemas['EmployeeNotification'];
export type Notice = Schemas['Notice'];
export type UserPick = Schemas['UserPick'];
export type RenterTarget = 'all' | 'object' | 'floor' | 'renters';

export const noticeKeys = {
  all: ['notices'] as const,
  one: (id: string) => ['notices', 'one', id] as const,
  employee: (id: string) => ['notices', 'employee', id] as const,
};

/** Lists ask `per_page`, 15 by default. */
const listQuery = (params: ListParams) => {
  const { page, limit, search } = pageQuery(params);
  return { page, per_page: limit, search };
};

export function useEmployeeNotices(params: ListParams) {
  return useQuery({
    queryKey: [...noticeKeys.all, 'employees', params],
    queryFn: ({ signal }) => unwrap(api.GET('/employee-notifications', { params: { query: listQuery(params) }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useRenterNotices(params: ListParams) {
  return useQuery({
    queryKey: [...noticeKeys.all, 'renters', params],
    queryFn: ({ signal }) => unwrap(api.GET('/notices', { params: { query: listQuery(params) }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useEmployeeNotice(id: string) {
  return useQuery({
    queryKey: noticeKeys.employee(id),
    queryFn: ({ signal }) => unwrap(api.GET('/employee-notifications/{id}', { params: { path: { id } }, signal })),
  });
}

/**
 * One notice. A recipient's opening reads its inbox row on the server, so the inbox and the bell's count are refreshed once it is loaded.
 */
export function useNotice(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: noticeKeys.one(id),
    queryFn: async ({ signal }) => {
      const notice = await unwrap(api.GET('/notices/{id}', { params: { path: { id } }, signal }));
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      void refreshMenuCounts(queryClient);
      return notice;
    },
  });
}

/** The people to pick from (GET /user/all), narrowed by what the user typed. */
export function usePickable(role: 'employee' | 'renter', search: string) {
  return useQuery({
    queryKey: [...noticeKeys.all, 'pickable', role, search],
    queryFn: ({ signal }) => unwrap(api.GET('/user/all', { params: { query: { role, search: search || undefined } }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The most chosen renters the reach call takes (the contract's limit on `renter_ids`). */
const MAX_REACH_IDS = 300;

/** The floors of an object that have rooms, low to high: those a notice to one floor may name ('' reads none). */
export function useNoticeFloors(objectId: string): number[] {
  const rooms = useRooms(objectId).data;
  return useMemo(() => [...new Set((rooms ?? []).map((r) => r.floor))].sort((a, b) => a - b), [rooms]);
}

export type ReachInput = { target: RenterTarget; objectId: string; floor: string; renterIds: string[] };

/**
 * How many renters a notice to this audience reaches if sent now (GET /notices/reach, the delivery's
 * own count); undefined until the audience is complete. Past the call's limit of chosen renters, the
 * chosen themselves (the picker offers only those a notice reaches).
 */
export function useNoticeReach({ target, objectId, floor, renterIds }: ReachInput): number | undefined {
  const many = target === 'renters' && renterIds.length > MAX_REACH_IDS;
  const complete = (target !== 'object' || objectId !== '') && (target !== 'floor' || (objectId !== '' && /^-?\d{1,3}$/.test(floor)));
  const query = {
    target,
    object_id: target === 'object' || target === 'floor' ? objectId : undefined,
    floor: target === 'floor' ? Number(floor) : undefined,
    renter_ids: target === 'renters' ? renterIds : undefined,
  };
  const reach = useQuery({
    queryKey: [...noticeKeys.all, 'reach', query],
    queryFn: ({ signal }) => unwrap(api.GET('/notices/reach', { params: { query }, signal })),
    enabled: complete && !many,
    placeholderData: keepPreviousData,
  });
  if (many) return renterIds.length;
  return complete ? reach.data?.renters : undefined;
}

export type EmployeeNoticeInput = { message: string; recipients: string[]; files: File[] };
export type RenterNoticeInput = {
  title: string;
  message: string;
  target: RenterTarget;
  objectId?: string;
  floor?: string;
  sendAt?: string;
  recipients: string[];
  files: File[];
};

export const noticeApi = {
  sendToEmployees: (v: EmployeeNoticeInput) =>
    unwrap(api.POST('/employee-notifications', multipart({ message: v.message, ...indexed('recipients', v.recipients), ...indexed('files', v.files) }))),
  sendToRenters: (v: RenterNoticeInput) =>
    unwrap(
      api.POST(
        '/notices',
        multipart({
          title: v.title,
          message: v.message,
          target: v.target,
          object_id: v.objectId,
          floor: v.floor,
          send_at: v.sendAt,
          ...indexed('recipients', v.target === 'renters' ? v.recipients : []),
          ...indexed('files', v.files),
        }),
      ),
    ),
  cancel: (id: string) => unwrap(api.POST('/notices/{id}/cancel', { params: { path: { id } } })),
  exportXlsx: (search?: string) => unwrap(api.GET('/employee-notifications/export', { params: { query: { search } }, parseAs: 'blob' })) as Promise<Blob>,
};

export const useSendToEmployees = () => useRefreshMutation([noticeKeys.all], noticeApi.sendToEmployees);
export const useSendToRenters = () => useRefreshMutation([noticeKeys.all], noticeApi.sendToRenters);
export const useCancelNotice = () => useRefreshMutation([noticeKeys.all], noticeApi.cancel);
