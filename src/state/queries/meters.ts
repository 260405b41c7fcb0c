import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, multipart, type Schemas, unwrap } from '#/api/client';
import type { ListParams } from '#/lists/useListParams';
import { useRecordMutation } from '#/records/mutations';
import { meterTypes } from '#/shared/meters';
import { readingStatuses } from '#machines/reading';

export type Meter = Schemas['Meter'];
export type MeterDetail = Schemas['MeterDetail'];
export type MeterType = Schemas['MeterType'];
export type MeterInput = Schemas['MeterInput'];
export type MeterPatch = Schemas['MeterPatch'];
export type MeterReplacement = Schemas['MeterReplacement'];
export type MeterSettings = Schemas['MeterSettings'];
export type ReadingWindow = Schemas['ReadingWindow'];
export type ReadingRow = Schemas['ReadingRow'];
export type ReadingDetail = Schemas['ReadingDetail'];
export type ReadingStatus = Schemas['ReadingStatus'];
export type ReadingEventType = Schemas['ReadingEventType'];
export type Tariff = Schemas['Tariff'];
export type TariffInput = Schemas['TariffInput'];

/** The register's and the sheet's own filters, kept in the address beside the page. */
export const meterFilterKeys = ['object_id', 'room_id', 'type', 'removed'] as const;
export const readingFilterKeys = ['month', 'object_id', 'type', 'status', 'flagged', 'missing'] as const;

const path = (id: string) => ({ params: { path: { id } } });

// Meters and readings change each other (a reading is a meter's last; a replacement writes a reading),
// so both live under one root: a change of either refreshes the register, the sheet and the cards.
export const meterKeys = {
  all: ['meters'] as const,
  one: (id: string) => ['meters', 'one', id] as const,
  settings: ['meters', 'settings'] as const,
  tariffs: ['meters', 'tariffs'] as const,
};
export const readingKeys = {
  all: ['meters', 'readings'] as const,
  one: (id: string) => ['meters', 'readings', 'one', id] as const,
};

export type MeterFilter = { object_id?: string; room_id?: string; type?: MeterType; removed?: boolean };
export type ReadingFilter = { period?: string; object_id?: string; type?: MeterType; status?: ReadingStatus; flagged?: boolean; missing?: boolean };

const typeOf = (value: string | undefined) => meterTypes.find((t) => t === value);

/** The register's filters from the address (unknown values are dropped). */
export function meterFilterOf(params: Pick<ListParams, 'extra'>): MeterFilter {
  const x = params.extra ?? {};
  return {
    object_id: x.object_id || undefined,
    room_id: x.room_id || undefined,
    type: typeOf(x.type),
    removed: x.removed === '1' || undefined,
  };
}

/** The sheet's filters from the address; a month is `YYYY-MM` (the month picker's value), sent as its first day. */
export function readingFilterOf(params: Pick<ListParams, 'extra'>): ReadingFilter {
  const x = params.extra ?? {};
  return {
    period: /^\d{4}-(0[1-9]|1[0-2])$/.test(x.month ?? '') ? `${x.month}-01` : undefined,
    object_id: x.object_id || undefined,
    type: typeOf(x.type),
    status: readingStatuses.find((s) => s === x.status),
    flagged: x.flagged === '1' || undefined,
    missing: x.missing === '1' || undefined,
  };
}

export function useMeters(params: Pick<ListParams, 'page' | 'limit'>, filter: MeterFilter, enabled = true) {
  return useQuery({
    queryKey: [...meterKeys.all, 'list', params.page, params.limit, filter],
    queryFn: ({ signal }) => unwrap(api.GET('/meters', { signal, params: { query: { page: params.page, limit: params.limit, ...filter } } })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMeter(id: string) {
  return useQuery({ queryKey: meterKeys.one(id), queryFn: ({ signal }) => unwrap(api.GET('/meters/{id}', { ...path(id), signal })) });
}

export const useCreateMeter = () => useRecordMutation(meterKeys, (body: MeterInput) => unwrap(api.POST('/meters', { body })));
export const useUpdateMeter = (id: string) =>
  useRecordMutation(meterKeys, (body: MeterPatch) => unwrap(api.PATCH('/meters/{id}', { ...path(id), body })), { putsRecord: true });
export const useDeleteMeter = (id: string) => useRecordMutation(meterKeys, () => unwrap(api.DELETE('/meters/{id}', path(id))));
/** The answer is the new meter; the old one (now replaced) is under `all` too. */
export const useReplaceMeter = (id: string) =>
  useRecordMutation(meterKeys, (body: MeterReplacement) => unwrap(api.POST('/meters/{id}/replace', { ...path(id), body })), { putsRecord: true });

/** A row of the sheet: a missing month has no reading, so the meter and month key it; `reading_id` is the reading's own. */
export type SheetRow = ReadingRow & { id: string; reading_id: string | null };

export function useReadings(params: Pick<ListParams, 'page' | 'limit'>, filter: ReadingFilter) {
  return useQuery({
    queryKey: [...readingKeys.all, 'list', params.page, params.limit, filter],
    queryFn: ({ signal }) => unwrap(api.GET('/meter-readings', { signal, params: { query: { page: params.page, limit: params.limit, ...filter } } })),
    select: (sheet) => ({
      ...sheet,
      data: sheet.data.map((r): SheetRow => ({ ...r, reading_id: r.id, id: r.id ?? `${r.meter.id}:${r.period}` })),
    }),
    placeholderData: keepPreviousData,
  });
}

export function useReading(id: string) {
  return useQuery({ queryKey: readingKeys.one(id), queryFn: ({ signal }) => unwrap(api.GET('/meter-readings/{id}', { ...path(id), signal })) });
}

export type ReadingSubmission = { meter_id: string; value: string; period?: string; photo?: File | null };

/** A tenant's reading with its photo, or staff's entry (any month, photo optional): one multipart call. */
export const submitReading = ({ meter_id, value, period, photo }: ReadingSubmission) =>
  unwrap(api.POST('/meter-readings', multipart({ meter_id, value, period, photo })));

// A reading changes its meter's last reading: the meters' root (readings under it) is refreshed.
export const useSubmitReading = () => useRecordMutation(meterKeys, submitReading);

export const useReadingTransition = (id: string) =>
  useRecordMutation(readingKeys, (body: Schemas['ReadingTransition']) => unwrap(api.POST('/meter-readings/{id}/transitions', { ...path(id), body })), {
    putsRecord: true,
    also: meterKeys.all,
  });

export function useMeterSettings(enabled = true) {
  return useQuery({ queryKey: meterKeys.settings, queryFn: ({ signal }) => unwrap(api.GET('/meters/settings', { signal })), enabled });
}

/** The window's days change what the tenants' cards say: the meters' root is refreshed. */
export function useSaveMeterSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MeterSettings) => unwrap(api.PUT('/meters/settings', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(meterKeys.settings, saved);
      return queryClient.invalidateQueries({ queryKey: meterKeys.all });
    },
  });
}

export function useTariffs() {
  return useQuery({ queryKey: meterKeys.tariffs, queryFn: ({ signal }) => unwrap(api.GET('/meter-tariffs', { signal })) });
}

export function useAddTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TariffInput) => unwrap(api.POST('/meter-tariffs', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meterKeys.tariffs }),
  });
}

export function useDeleteTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/meter-tariffs/{id}', path(id))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meterKeys.tariffs }),
  });
}

export type ConsumptionQuery = { type: MeterType; object_id?: string; room_id?: string; months?: number; to?: string };

/** Consumption by month of a type, for the reports' chart (staff only). */
export function useConsumption(query: ConsumptionQuery, enabled = true) {
  return useQuery({
    queryKey: [...meterKeys.all, 'consumption', query],
    queryFn: ({ signal }) => unwrap(api.GET('/meters/consumption', { signal, params: { query } })),
    placeholderData: keepPreviousData,
    enabled,
  });
}
