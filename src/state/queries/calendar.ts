import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Schemas, unwrap } from '#/api/client';
import { useRecordMutation } from '#/records/mutations';

export type Occurrence = Schemas['CalendarOccurrence'];
export type Deadline = Schemas['CalendarDeadline'];
export type CalendarEvent = Schemas['CalendarEvent'];
export type EventInput = Schemas['CalendarEventInput'];
export type EventType = Schemas['CalendarEventType'];
export type Visibility = Schemas['CalendarVisibility'];
export type Layer = Schemas['CalendarLayer'];
export type Answer = Schemas['CalendarAnswer'];

export const eventTypes: EventType[] = ['meeting', 'inspection', 'promotion', 'maintenance', 'other'];
export const visibilities: Visibility[] = ['private', 'employees', 'renters', 'all'];
export const layerList: Layer[] = ['tasks', 'requests', 'contracts'];
export const reminderOffsets = [0, 10, 60, 1440] as const;
export const repeatFreqs = ['none', 'daily', 'weekly', 'monthly', 'yearly'] as const;

export const calendarKeys = { all: ['calendar'] as const, one: (id: string) => ['calendar', 'one', id] as const };
const path = (id: string) => ({ params: { path: { id } } });

/** The occurrences and deadlines of [from, to): the range the view shows. */
export function useOccurrences(from: Date, to: Date, layers: Layer[]) {
  return useQuery({
    queryKey: [...calendarKeys.all, 'range', from.toISOString(), to.toISOString(), layers],
    queryFn: ({ signal }) => unwrap(api.GET('/calendar/events', { signal, params: { query: { from: from.toISOString(), to: to.toISOString(), layers } } })),
    placeholderData: keepPreviousData,
  });
}

/** The event; with `occurrenceStart` the answers given for that date of a series. */
export function useEvent(id: string | null, occurrenceStart?: string) {
  return useQuery({
    queryKey: [...calendarKeys.one(id ?? ''), occurrenceStart ?? 'series'],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/calendar/events/{id}', { params: { path: { id: id ?? '' }, query: { occurrence_start: occurrenceStart } }, signal })),
    enabled: Boolean(id),
  });
}

export const useCreateEvent = () => useRecordMutation(calendarKeys, (body: EventInput) => unwrap(api.POST('/calendar/events', { body })));
export const useUpdateEvent = () =>
  useRecordMutation(calendarKeys, ({ id, body }: { id: string; body: EventInput }) => unwrap(api.PUT('/calendar/events/{id}', { ...path(id), body })));
export const useMoveEvent = () =>
  useRecordMutation(calendarKeys, ({ id, body }: { id: string; body: { occurrence_start: string; starts_at: string; ends_at: string } }) =>
    unwrap(api.PUT('/calendar/events/{id}/move', { ...path(id), body })),
  );
export const useDeleteEvent = () =>
  useRecordMutation(calendarKeys, ({ id, occurrenceStart }: { id: string; occurrenceStart?: string }) =>
    unwrap(api.DELETE('/calendar/events/{id}', { ...path(id), params: { path: { id }, query: { occurrence_start: occurrenceStart } } })),
  );
export const useAnswerEvent = () =>
  useRecordMutation(calendarKeys, ({ id, ...body }: { id: string; answer: Answer; scope?: 'series' | 'occurrence'; occurrence_start?: string }) =>
    unwrap(api.PUT('/calendar/events/{id}/answer', { ...path(id), body })),
  );
/** The event as an .ics file. */
export const downloadEvent = (id: string) => unwrap(api.GET('/calendar/events/{id}/ics', { ...path(id), parseAs: 'blob' })) as Promise<Blob>;

export function useFeed() {
  return useQuery({ queryKey: [...calendarKeys.all, 'feed'], queryFn: ({ signal }) => unwrap(api.GET('/calendar/feed', { signal })) });
}
export const useRegenerateFeed = () => useRecordMutation(calendarKeys, () => unwrap(api.POST('/calendar/feed')));
export const useDeleteFeed = () => useRecordMutation(calendarKeys, () => unwrap(api.DELETE('/calendar/feed')));
