import { useState } from 'react';
import { useAlerts } from '#/state/alerts';
import { type EscalationStep, type RequestSla, type RequestTypeSla, type SlaClock, useSaveTypeSla } from '#/state/queries/request-sla';
import type { RequestPriority } from '#/state/queries/requests';
import { messageOf } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, FormError, Select, Stack, TextField } from '../../ui';
import * as c from './ContractSettings.css';
import * as r from './SlaSettings.css';

const priorities: RequestPriority[] = ['emergency', 'high', 'normal', 'low'];
type Hours = Record<RequestPriority, { take: string; resolve: string }>;
type StepDraft = { clock: EscalationStep['clock']; percent: string; delay_minutes: string; notify: EscalationStep['notify'] };

/** Hours as typed (a comma or a dot) to whole minutes, or null when not a number of 0.1–8760 hours. */
const minutesOf = (hours: string) => {
  const n = Number(hours.replace(',', '.'));
  return hours.trim() && Number.isFinite(n) && n >= 0.1 && n <= 8760 ? Math.round(n * 60) : null;
};
const hoursOf = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);
const whole = (v: string, min: number, max: number) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max;

/** Each request type's SLA: chosen from a list, its clock, its hours per priority and its escalation steps, saved together. */
export function SlaTypes({ sla }: { sla: RequestSla }) {
  const { LL } = useI18nContext();
  const [chosen, setChosen] = useState(sla.types[0]?.type_id ?? '');
  const current = sla.types.find((x) => x.type_id === chosen);
  return (
    <div className={c.template} data-testid="sla-types">
      <Stack gap="md">
        <h3 className={c.heading}>{LL.sla.targets()}</h3>
        <Select
          label={LL.sla.type()}
          name="sla-type"
          value={chosen}
          options={sla.types.map((x) => ({ value: x.type_id, label: x.name }))}
          onChange={(e) => setChosen(e.target.value)}
        />
        {current && <TypeForm key={`${current.type_id}${JSON.stringify(current)}`} type={current} />}
      </Stack>
    </div>
  );
}

function TypeForm({ type: ty }: { type: RequestTypeSla }) {
  const { LL } = useI18nContext();
  const t = LL.sla;
  const alerts = useAlerts();
  const save = useSaveTypeSla();
  const [clock, setClock] = useState<SlaClock | ''>(ty.clock ?? '');
  const [hours, setHours] = useState<Hours>(() => {
    const of = (p: RequestPriority) => ty.targets.find((x) => x.priority === p);
    return Object.fromEntries(
      priorities.map((p) => [p, { take: of(p) ? hoursOf(of(p)?.take_minutes ?? 0) : '', resolve: of(p) ? hoursOf(of(p)?.resolve_minutes ?? 0) : '' }]),
    ) as Hours;
  });
  const toDraft = (s: EscalationStep): StepDraft => ({ ...s, percent: String(s.percent), delay_minutes: String(s.delay_minutes) });
  // Untouched default steps are saved as null: they follow the defaults if those change.
  const [steps, setSteps] = useState<StepDraft[] | null>(ty.escalation_default ? null : ty.escalation.map(toDraft));
  const [error, setError] = useState<string | undefined>();
  const shown = steps ?? ty.escalation.map(toDraft);
  const setStep = (i: number, patch: Partial<StepDraft>) => setSteps(shown.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  const rowError = (p: RequestPriority) => {
    const h = hours[p];
    if (!h.take.trim() && !h.resolve.trim()) return undefined;
    return minutesOf(h.take) === null || minutesOf(h.resolve) === null ? t.hoursInvalid() : undefined;
  };
  const stepError = (s: StepDraft) =>
    !whole(s.percent, 1, 1000)
      ? t.numberInvalid({ min: 1, max: 1000 })
      : !whole(s.delay_minutes, 0, 10080)
        ? t.numberInvalid({ min: 0, max: 10080 })
        : undefined;
  const invalid = priorities.some((p) => rowError(p)) || (steps ?? []).some((s) => stepError(s));

  const submit = async () => {
    if (invalid) return;
    const targets = priorities.flatMap((p) => {
      const take = minutesOf(hours[p].take);
      const resolve = minutesOf(hours[p].resolve);
      return take !== null && resolve !== null ? [{ priority: p, take_minutes: take, resolve_minutes: resolve }] : [];
    });
    const escalation = steps?.map((s) => ({ ...s, percent: Number(s.percent), delay_minutes: Number(s.delay_minutes) })) ?? null;
    setError(undefined);
    try {
      await save.mutateAsync({ typeId: ty.type_id, body: { clock: clock || null, targets, escalation } });
      alerts.add({ message: t.typeSaved({ name: ty.name }), type: 'success' });
    } catch (err) {
      setError(messageOf(err, LL.list.actionFailed()));
    }
  };

  return (
    <Stack gap="md">
      <Select
        label={t.clock()}
        name="type-clock"
        value={clock}
        placeholder={t.clockOfLandlord()}
        options={(['working', 'calendar'] as const).map((value) => ({ value, label: t.clocks[value]() }))}
        onChange={(e) => setClock(e.target.value as SlaClock | '')}
      />
      <p>
        {t.targetsHint()} {t.noTarget({ hours: ty.resolve_hours })}
      </p>
      {priorities.map((p) => (
        <div key={p} className={r.row} data-testid={`sla-target-${p}`}>
          <strong className={r.narrow}>{t.priorities[p]()}</strong>
          <TextField
            label={t.takeHours()}
            name={`take-${p}`}
            inputMode="decimal"
            className={r.narrow}
            value={hours[p].take}
            onChange={(e) => setHours({ ...hours, [p]: { ...hours[p], take: e.target.value } })}
          />
          <TextField
            label={t.resolveHours()}
            name={`resolve-${p}`}
            inputMode="decimal"
            className={r.narrow}
            value={hours[p].resolve}
            error={rowError(p)}
            onChange={(e) => setHours({ ...hours, [p]: { ...hours[p], resolve: e.target.value } })}
          />
        </div>
      ))}
      <h3 className={c.heading}>{t.escalation()}</h3>
      <p>{t.escalationHint()}</p>
      {shown.map((s, i) => (
        // Steps have no id of their own: a row is its place in the list while it is edited.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={i} className={r.row} data-testid="sla-step">
          <Select
            label={t.stepClock()}
            name={`step-clock-${i}`}
            value={s.clock}
            options={(['take', 'resolve'] as const).map((value) => ({ value, label: t.stepClocks[value]() }))}
            onChange={(e) => setStep(i, { clock: e.target.value as StepDraft['clock'] })}
          />
          <TextField
            label={t.stepPercent()}
            name={`step-percent-${i}`}
            inputMode="numeric"
            className={r.narrow}
            value={s.percent}
            error={stepError(s)}
            onChange={(e) => setStep(i, { percent: e.target.value })}
          />
          <TextField
            label={t.stepDelay()}
            name={`step-delay-${i}`}
            inputMode="numeric"
            className={r.narrow}
            value={s.delay_minutes}
            onChange={(e) => setStep(i, { delay_minutes: e.target.value })}
          />
          <Select
            label={t.stepNotify()}
            name={`step-notify-${i}`}
            value={s.notify}
            options={(['assignee', 'main', 'landlord'] as const).map((value) => ({ value, label: t.notify[value]() }))}
            onChange={(e) => setStep(i, { notify: e.target.value as StepDraft['notify'] })}
          />
          <Button size="sm" variant="ghost" onClick={() => setSteps(shown.filter((_, j) => j !== i))}>
            {t.removeStep()}
          </Button>
        </div>
      ))}
      <div className={r.row}>
        {shown.length < 10 && (
          <Button variant="secondary" size="sm" onClick={() => setSteps([...shown, { clock: 'resolve', percent: '100', delay_minutes: '0', notify: 'main' }])}>
            {t.addStep()}
          </Button>
        )}
        {steps && (
          <Button variant="ghost" size="sm" onClick={() => setSteps(null)}>
            {t.resetEscalation()}
          </Button>
        )}
      </div>
      <FormError message={error} />
      <div>
        <Button disabled={invalid} loading={save.isPending} onClick={() => void submit()} data-testid="sla-type-save">
          {LL.list.save()}
        </Button>
      </div>
    </Stack>
  );
}
