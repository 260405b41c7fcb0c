import { useState } from 'react';
import { useAlerts } from '#/state/alerts';
import { useConfirm } from '#/state/confirm';
import {
  type RequestSla,
  type SlaSettings as Settings,
  type SlaClock,
  useAddHoliday,
  useDeleteHoliday,
  useRequestSla,
  useSaveSlaSettings,
} from '#/state/queries/request-sla';
import { messageOf } from '../../api/client';
import { formatDay } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { DataTable } from '../../lists/DataTable';
import { Button, Card, Checkbox, EmptyState, FormError, Select, Skeleton, Stack, TextField } from '../../ui';
import * as c from './ContractSettings.css';
import * as s from './Settings.css';
import * as r from './SlaSettings.css';
import { SlaTypes } from './SlaTypes';

const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;
const pausable = ['paused', 'done', 'returned', 'in_progress'] as const;

/** Requests' SLA in Settings: the clock and working week, the holidays, and each type's times and escalation. */
export function SlaSettings() {
  const { LL } = useI18nContext();
  const query = useRequestSla();
  return (
    <Card title={LL.sla.title()} data-testid="sla-settings">
      <p className={s.hint}>{LL.sla.hint()}</p>
      {query.data ? (
        <Stack gap="lg">
          <WeekForm key={JSON.stringify(query.data.work_days) + query.data.work_from + query.data.work_to} saved={query.data} />
          <Holidays sla={query.data} />
          <SlaTypes sla={query.data} />
        </Stack>
      ) : query.isError ? (
        <FormError message={messageOf(query.error, LL.list.loadError())} />
      ) : (
        <Skeleton lines={4} />
      )}
    </Card>
  );
}

/** The default clock, the working days and hours, the statuses that stop the clock: one form, one button. */
function WeekForm({ saved }: { saved: RequestSla }) {
  const { LL } = useI18nContext();
  const t = LL.sla;
  const alerts = useAlerts();
  const save = useSaveSlaSettings();
  const [draft, setDraft] = useState<Settings>({
    clock: saved.clock,
    work_days: saved.work_days,
    work_from: saved.work_from,
    work_to: saved.work_to,
    pause_statuses: saved.pause_statuses,
  });
  const [error, setError] = useState<string | undefined>();
  const toggle = <T,>(list: readonly T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((x) => x !== value));
  const submit = async () => {
    if (draft.work_days.length === 0) return setError(t.errors.noDays());
    if (draft.work_to <= draft.work_from) return setError(t.errors.hoursOrder());
    setError(undefined);
    try {
      await save.mutateAsync(draft);
      alerts.add({ message: t.saved(), type: 'success' });
    } catch (err) {
      setError(messageOf(err, LL.list.actionFailed()));
    }
  };
  return (
    <Stack gap="md">
      <Select
        label={t.clock()}
        name="sla-clock"
        value={draft.clock}
        options={(['working', 'calendar'] as const).map((value) => ({ value, label: t.clocks[value]() }))}
        onChange={(e) => setDraft({ ...draft, clock: e.target.value as SlaClock })}
      />
      <fieldset className={s.reminderDays}>
        <legend className={s.reminderLegend}>{t.week()}</legend>
        <div className={r.row}>
          {weekdays.map((d) => (
            <Checkbox
              key={d}
              label={t.days[`d${d}`]()}
              name={`day-${d}`}
              checked={draft.work_days.includes(d)}
              onChange={(e) => setDraft({ ...draft, work_days: toggle(draft.work_days, d, e.target.checked).sort() })}
            />
          ))}
        </div>
      </fieldset>
      <div className={r.row}>
        <TextField
          label={t.workFrom()}
          type="time"
          name="work_from"
          value={draft.work_from}
          onChange={(e) => setDraft({ ...draft, work_from: e.target.value })}
        />
        <TextField label={t.workTo()} type="time" name="work_to" value={draft.work_to} onChange={(e) => setDraft({ ...draft, work_to: e.target.value })} />
      </div>
      <fieldset className={s.reminderDays}>
        <legend className={s.reminderLegend}>{t.pauseStatuses()}</legend>
        {pausable.map((status) => (
          <Checkbox
            key={status}
            label={LL.requests.statuses[status]()}
            name={`pause-${status}`}
            checked={draft.pause_statuses.includes(status)}
            onChange={(e) => setDraft({ ...draft, pause_statuses: toggle(draft.pause_statuses, status, e.target.checked) })}
          />
        ))}
      </fieldset>
      <FormError message={error} />
      <div>
        <Button loading={save.isPending} onClick={() => void submit()} data-testid="sla-week-save">
          {LL.list.save()}
        </Button>
      </div>
    </Stack>
  );
}

/** The landlord's holidays: Kazakhstan's seeded, one added or removed at a time. */
function Holidays({ sla }: { sla: RequestSla }) {
  const { LL, locale } = useI18nContext();
  const t = LL.sla;
  const alerts = useAlerts();
  const confirm = useConfirm();
  const add = useAddHoliday();
  const remove = useDeleteHoliday();
  const [day, setDay] = useState('');
  const [name, setName] = useState('');
  const names = t.holidayNames as unknown as Record<string, (() => string) | undefined>;
  const nameOf = (n: string) => (n.startsWith('kz:') ? (names[n.slice(3)]?.() ?? n) : n);
  const fail = (err: unknown) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' });
  const addIt = async () => {
    if (!day) return;
    try {
      await add.mutateAsync({ day, ...(name.trim() && { name: name.trim() }) });
      setDay('');
      setName('');
      alerts.add({ message: t.holidayAdded(), type: 'success' });
    } catch (err) {
      fail(err);
    }
  };
  const deleteIt = async (h: RequestSla['holidays'][number]) => {
    if (!(await confirm({ message: t.holidayDeleteConfirm({ date: formatDay(h.day, locale) }) }))) return;
    remove.mutate(h.id, { onSuccess: () => alerts.add({ message: t.holidayDeleted(), type: 'success' }), onError: fail });
  };
  return (
    <div className={c.template} data-testid="sla-holidays">
      <Stack gap="md">
        <h3 className={c.heading}>{t.holidays()}</h3>
        <p>{t.holidaysHint()}</p>
        {sla.holidays.length === 0 ? (
          <EmptyState title={t.noHolidays()} />
        ) : (
          <DataTable
            rows={sla.holidays}
            columns={[
              { key: 'day', header: t.holidayDay(), cell: (h) => formatDay(h.day, locale) },
              { key: 'name', header: t.holidayName(), cell: (h) => nameOf(h.name) || '—' },
            ]}
            actionsHeader={LL.list.actions()}
            actions={(h) => (
              <Button size="sm" variant="ghost" onClick={() => void deleteIt(h)} data-testid="holiday-delete">
                {LL.list.delete()}
              </Button>
            )}
          />
        )}
        <div className={r.row}>
          <TextField label={t.holidayDay()} type="date" name="holiday-day" value={day} onChange={(e) => setDay(e.target.value)} />
          <TextField label={t.holidayName()} name="holiday-name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div>
          <Button variant="secondary" disabled={!day} loading={add.isPending} onClick={() => void addIt()} data-testid="holiday-add">
            {t.addHoliday()}
          </Button>
        </div>
      </Stack>
    </div>
  );
}
