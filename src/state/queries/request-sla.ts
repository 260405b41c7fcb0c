import { useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '#/api/client';
import { useRefreshMutation } from '#/records/mutations';

export type RequestSla = Schemas['RequestSla'];
export type RequestTypeSla = Schemas['RequestTypeSla'];
export type EscalationStep = Schemas['EscalationStep'];
export type SlaClock = Schemas['SlaClock'];
export type SlaSettings = Schemas['RequestSlaSettings'];

// The SLA lives in Settings; a change moves the deadlines of requests filed after it, so the journal is left alone.
export const requestSlaKeys = { all: ['settings', 'request-sla'] as const };

export function useRequestSla() {
  return useQuery({ queryKey: requestSlaKeys.all, queryFn: ({ signal }) => unwrap(api.GET('/request-sla', { signal })) });
}

export const useSaveSlaSettings = () => useRefreshMutation([requestSlaKeys.all], (body: SlaSettings) => unwrap(api.PUT('/request-sla', { body })));

export const useSaveTypeSla = () =>
  useRefreshMutation([requestSlaKeys.all], ({ typeId, body }: { typeId: string; body: Schemas['RequestTypeSlaInput'] }) =>
    unwrap(api.PUT('/request-sla/types/{id}', { params: { path: { id: typeId } }, body })),
  );

export const useAddHoliday = () =>
  useRefreshMutation([requestSlaKeys.all], (body: Schemas['SlaHolidayInput']) => unwrap(api.POST('/request-sla/holidays', { body })));

export const useDeleteHoliday = () =>
  useRefreshMutation([requestSlaKeys.all], (id: string) => unwrap(api.DELETE('/request-sla/holidays/{id}', { params: { path: { id } } })));
