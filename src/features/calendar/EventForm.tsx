import { type } from 'arktype';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useAlerts } from '#/state/alerts';
import {
  type CalendarEvent,
  type EventInput,
  eventTypes,
  type Occurrence,
  reminderOffsets,
  repeatFreqs,
  useCreateEvent,
  useUpdateEvent,
  visibilities,
} from '#/state/queries/calendar';
import { loginsOf, usePeople } from '#/state/queries/people';
import { Combobox } from '../../forms/Combobox';
import * as g from '../../forms/FormGrid.css';
import { useAppForm } from '../../forms/useAppForm';
import { useI18nContext } from '../../i18n/i18n-react';
import { almatyInstant, almatyParts } from '../../shared/almaty';
import { Button, Checkbox, FormError, Select, TextArea, TextField } from '../../ui';
import * as s from './calendar.css';
import { repeatOf, type Values } from './event-values';

/** A new event or a change of one: of its one occurrence or of the whole series. */
export function EventForm({
  event: e,
  occurrence,
  slot,
  onDone,
}: {
  event?: CalendarEvent;
  occurrence?: Occurrence | null;
  slot?: { start: string; end: string; allDay: boolean };
  onDone: () => void;
}) {
  const { LL } = useI18nContext();
  const t = LL.calendar;
  const f = t.fields;
  const alerts = useAlerts();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const [search, setSearch] = useState('');
  const people = usePeople({ purpose: 'event', search });
  const schema = useMemo(
    () =>
      type({
        title: type(/\S/)
          .configure({ message: t.errors.titleRequired() })
          .and(type('string <= 50').configure({ message: t.errors.titleMax() })),
        date: type(/^\d{4}-\d{2}-\d{2}$/).configure({ message: LL.validation.required() }),
        start: 'string',
        end: 'string',
        all_day: 'boolean',
        event_type: type.enumerated(...eventTypes),
        freq: type.enumerated(...repeatFreqs),
        weekdays: 'number[]',
        until: 'string',
        count: 'string',
        reminders: 'number[]',
        push: 'boolean',
        description: type('string <= 5000').configure({ message: LL.validation.maxLength({ max: 5000 }) }),
        visibility: type.enumerated(...visibilities),
        participants: type({ id: 'string', name: 'string' }).array(),
        scope: "'occurrence' | 'series'",
      }),
    [LL, t],
  );
  const startIso = occurrence?.starts_at ?? e?.starts_at ?? slot?.start ?? new Date().toISOString();
  const endIso = occurrence?.ends_at ?? e?.ends_at ?? slot?.end ?? startIso;
  const startParts = almatyParts(startIso);
  const endParts = almatyParts(endIso);
  const repeatNow = e?.repeat;
  const { form, status, submit, errorOf } = useAppForm<Values>(schema, {
    title: occurrence?.title ?? e?.title ?? '',
    date: startParts.date,
    start: startParts.time,
    end: endParts.time === '00:00' && !slot?.allDay ? '23:59' : endParts.time,
    all_day: e?.all_day ?? slot?.allDay ?? false,
    event_type: e?.event_type ?? 'meeting',
    freq: repeatNow?.freq ?? 'none',
    weekdays: repeatNow?.weekdays ?? [],
    until: repeatNow?.until ?? '',
    count: repeatNow?.count ? String(repeatNow.count) : '',
    reminders: e?.reminders ?? [],
    push: e?.push ?? true,
    description: e?.description ?? '',
    visibility: e?.visibility ?? 'employees',
    participants: (e?.participants ?? []).map((p) => ({ id: p.user_id, name: p.full_name })),
    scope: occurrence?.repeating ? 'occurrence' : 'series',
  });
  const v = form.watch();
  const repeating = Boolean(e && e.repeat.freq !== 'none');
  const onlyOccurrence = repeating && v.scope === 'occurrence' && Boolean(occurrence);

  const onSubmit = submit(async (values) => {
    let startsAt = almatyInstant(values.date, values.all_day ? '00:00' : values.start || '00:00');
    let endsAt = values.all_day ? almatyInstant(values.date, '00:00') : almatyInstant(values.date, values.end || values.start || '00:00');
    // The whole series, edited from one of its occurrences: the series moves by what was changed here.
    if (e && occurrence && !onlyOccurrence) {
      const shift = Date.parse(startsAt) - Date.parse(occurrence.starts_at);
      const length = Date.parse(endsAt) - Date.parse(startsAt);
      startsAt = new Date(Date.parse(e.starts_at) + shift).toISOString();
      endsAt = new Date(Date.parse(startsAt) + length).toISOString();
    }
    const body: EventInput = {
      title: values.title.trim(),
      description: values.description.trim() || undefined,
      event_type: values.event_type,
      starts_at: startsAt,
      ends_at: values.all_day ? new Date(new Date(endsAt).getTime() + 86_400_000).toISOString() : endsAt,
      all_day: values.all_day,
      repeat: repeatOf(values),
      reminders: values.reminders as EventInput['reminders'],
      push: values.push,
      visibility: values.visibility,
      participant_ids: values.visibility === 'private' ? [] : values.participants.map((p) => p.id),
      ...(onlyOccurrence && occurrence && { occurrence_start: occurrence.occurrence_start }),
    };
    if (e) await update.mutateAsync({ id: e.id, body });
    else await create.mutateAsync(body);
    alerts.add({ message: t.saved(), type: 'success' });
    onDone();
  });

  const toggle = (list: number[], value: number) => (list.includes(value) ? list.filter((x) => x !== value) : [...list, value].sort((a, b) => a - b));
  const options = loginsOf(people.data?.data)
    .filter((p) => !v.participants.some((x) => x.id === p.user_id))
    .map((p) => ({ value: p.user_id, label: p.label, detail: p.role === 'renter' ? LL.tasks.fields.renters() : LL.tasks.fields.employees() }));

  return (
    <form onSubmit={onSubmit} noValidate data-testid="event-form">
      {repeating && occurrence && (
        <Select
          label={t.scopeTitle()}
          options={(['occurrence', 'series'] as const).map((x) => ({ value: x, label: t.scope[x]() }))}
          {...form.register('scope')}
          data-testid="event-scope"
        />
      )}
      <TextField label={f.title()} required {...form.register('title')} error={errorOf('title')} data-testid="event-title" />
      <div className={g.grid}>
        <TextField label={f.date()} type="date" required {...form.register('date')} error={errorOf('date')} data-testid="event-date" />
        {!v.all_day && <TextField label={f.start()} type="time" {...form.register('start')} data-testid="event-start" />}
        {!v.all_day && <TextField label={f.end()} type="time" {...form.register('end')} data-testid="event-end" />}
      </div>
      {!onlyOccurrence && (
        <>
          <Checkbox label={f.allDay()} {...form.register('all_day')} />
          <div className={g.grid}>
            <Select label={f.eventType()} options={eventTypes.map((x) => ({ value: x, label: t.types[x]() }))} {...form.register('event_type')} />
            <Select
              label={f.repeat()}
              options={repeatFreqs.map((x) => ({ value: x, label: t.repeats[x]() }))}
              {...form.register('freq')}
              data-testid="event-repeat"
            />
          </div>
          {v.freq === 'weekly' && (
            <Controller
              control={form.control}
              name="weekdays"
              render={({ field }) => (
                <fieldset className={s.fieldset}>
                  <legend className={s.legend}>{f.weekdays()}</legend>
                  <div className={s.checks}>
                    {[0, 1, 2, 3, 4, 5, 6].map((d) => (
                      <Checkbox
                        key={d}
                        name={`weekday-${d}`}
                        label={t.weekdays[String(d) as '0']()}
                        checked={field.value.includes(d)}
                        onChange={() => field.onChange(toggle(field.value, d))}
                        data-testid={`weekday-${d}`}
                      />
                    ))}
                  </div>
                </fieldset>
              )}
            />
          )}
          {v.freq !== 'none' && (
            <div className={g.grid}>
              <TextField label={f.until()} type="date" {...form.register('until')} />
              {!v.until && <TextField label={f.count()} type="number" min={1} max={1000} {...form.register('count')} />}
            </div>
          )}
          <Controller
            control={form.control}
            name="reminders"
            render={({ field }) => (
              <fieldset className={s.fieldset}>
                <legend className={s.legend}>{f.reminders()}</legend>
                <div className={s.checks}>
                  {reminderOffsets.map((m) => (
                    <Checkbox
                      key={m}
                      name={`reminder-${m}`}
                      label={t.reminders[String(m) as '0']()}
                      checked={field.value.includes(m)}
                      onChange={() => field.onChange(toggle(field.value, m))}
                      data-testid={`reminder-${m}`}
                    />
                  ))}
                </div>
              </fieldset>
            )}
          />
          <Checkbox label={f.push()} {...form.register('push')} />
          <Select
            label={f.visibility()}
            options={visibilities.map((x) => ({ value: x, label: t.visibilities[x]() }))}
            {...form.register('visibility')}
            data-testid="event-visibility"
          />
          {v.visibility === 'private' ? (
            <p className={s.muted}>{t.privateNoParticipants()}</p>
          ) : (
            <Controller
              control={form.control}
              name="participants"
              render={({ field }) => (
                <div>
                  <Combobox
                    label={f.participants()}
                    name="participant-search"
                    value=""
                    onChange={(value) => {
                      const person = loginsOf(people.data?.data).find((p) => p.user_id === value);
                      if (person) field.onChange([...field.value, { id: person.user_id, name: person.label }]);
                    }}
                    onSearch={setSearch}
                    placeholder={t.participantsHint()}
                    emptyText={LL.list.empty()}
                    groups={[{ label: f.participants(), options }]}
                    data-testid="event-participants-picker"
                  />
                  <div className={s.chips}>
                    {field.value.map((p) => (
                      <button
                        key={p.id}
                        type="button"
                        className={s.chip}
                        onClick={() => field.onChange(field.value.filter((x) => x.id !== p.id))}
                        aria-label={`${p.name} ✕`}
                        data-testid="participant-chip"
                      >
                        {p.name} ✕
                      </button>
                    ))}
                  </div>
                </div>
              )}
            />
          )}
        </>
      )}
      <TextArea label={f.description()} rows={3} maxLength={5000} {...form.register('description')} error={errorOf('description')} />
      {status && <FormError>{status.message}</FormError>}
      <div className={s.actions}>
        <Button variant="secondary" onClick={onDone}>
          {LL.common.close()}
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting} data-testid="event-save">
          {LL.common.save()}
        </Button>
      </div>
    </form>
  );
}
