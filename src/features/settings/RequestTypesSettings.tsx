import { type ReactNode, useState } from 'react';
import { useAlerts } from '#/state/alerts';
import { useEmployeeOptions } from '#/state/queries/employees';
import { type LandlordRequestType, useLandlordRequestTypes, useSetShown, useUpdateRequestType } from '#/state/queries/request-settings';
import { useRequestKinds } from '#/state/queries/request-types';
import { useSessionUser } from '#/state/session';
import { ApiRequestError } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { type Column, DataTable } from '../../lists/DataTable';
import { Button, Checkbox, EmptyState, ErrorState, Select, Skeleton, TextField } from '../../ui';
import * as rs from './RequestSettings.css';
import * as s from './Settings.css';

type Draft = { responsible: string; hours: string };
const validHours = (v: string) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 8760;

/**
 * "Request types" in Settings: the show flag saves at once (it is one click, like a switch);
 * the responsible employee and the hours are a row draft saved with its own button.
 */
export function RequestTypesSettings() {
  const { LL } = useI18nContext();
  const t = LL.requestTypes;
  const types = useLandlordRequestTypes();
  const employees = useEmployeeOptions();
  const kinds = useRequestKinds();
  const landlordId = useSessionUser()?.landlord_id ?? null;
  const alerts = useAlerts();
  const setShown = useSetShown();
  const update = useUpdateRequestType();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [busy, setBusy] = useState<string | null>(null);
  // The switch moves at once; a refusal puts it back (the saved list is the truth afterwards).
  const [flipped, setFlipped] = useState<Record<string, boolean>>({});

  const fail = (err: unknown) =>
    alerts.add({ message: err instanceof ApiRequestError && err.status < 500 ? err.message : LL.list.actionFailed(), type: 'error' });
  const run = async (id: string, work: () => Promise<unknown>, done: string) => {
    setBusy(id);
    try {
      await work();
      alerts.add({ message: done, type: 'success' });
      return true;
    } catch (err) {
      fail(err);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const section = (body: ReactNode) => (
    <section className={rs.section} data-testid="request-types-settings">
      <h2>{t.title()}</h2>
      <p className={s.hint}>{t.settingsHint()}</p>
      {body}
    </section>
  );
  if (types.isPending) return section(<Skeleton lines={4} label={LL.common.loading()} />);
  if (types.isError) {
    const text = types.error instanceof ApiRequestError && types.error.status < 500 ? types.error.message : LL.list.loadError();
    return section(<ErrorState text={text} retryLabel={LL.common.retry()} onRetry={() => void types.refetch()} />);
  }
  if (types.data.length === 0) return section(<EmptyState title={t.empty()} />);

  const draftOf = (r: LandlordRequestType): Draft => drafts[r.id] ?? { responsible: r.responsible_employee_id ?? '', hours: String(r.resolve_hours) };
  const change = (r: LandlordRequestType, patch: Partial<Draft>) => setDrafts((d) => ({ ...d, [r.id]: { ...draftOf(r), ...patch } }));
  const dirty = (r: LandlordRequestType) => {
    const d = drafts[r.id];
    return Boolean(d) && (d?.responsible !== (r.responsible_employee_id ?? '') || d?.hours !== String(r.resolve_hours));
  };
  const employeeOptions = (employees.data ?? []).map((e) => ({ value: e.id, label: e.full_name }));

  const toggle = async (r: LandlordRequestType, show: boolean) => {
    if (!landlordId) return;
    setFlipped((f) => ({ ...f, [r.id]: show }));
    await run(
      r.id,
      () => setShown.mutateAsync({ landlordId, entries: [{ id: r.id, show: show ? 1 : 0 }] }),
      (show ? t.shownSaved : t.hiddenSaved)({ name: r.name }),
    );
    setFlipped(({ [r.id]: _, ...rest }) => rest);
  };
  const save = async (r: LandlordRequestType) => {
    const d = draftOf(r);
    const body = { responsible_employee_id: d.responsible || null, resolve_hours: Number(d.hours) };
    if (await run(r.id, () => update.mutateAsync({ id: r.id, body }), t.saved({ name: r.name }))) {
      setDrafts(({ [r.id]: _, ...rest }) => rest);
    }
  };

  const columns: Column<LandlordRequestType>[] = [
    { key: 'name', header: t.name(), cell: (r) => r.name },
    { key: 'kind', header: t.kind(), cell: (r) => kinds.data?.find((k) => k.id === r.kind)?.name ?? r.kind },
    {
      key: 'show',
      header: t.shown(),
      cell: (r) => (
        <Checkbox
          label={<span className={s.srOnly}>{t.shown()}</span>}
          name={`show-${r.id}`}
          checked={flipped[r.id] ?? r.show === 1}
          disabled={busy === r.id || !landlordId}
          onChange={(e) => void toggle(r, e.target.checked)}
        />
      ),
    },
    {
      key: 'responsible',
      header: t.responsible(),
      cell: (r) => (
        <Select
          label={<span className={s.srOnly}>{t.responsible()}</span>}
          name={`responsible-${r.id}`}
          className={s.level}
          value={draftOf(r).responsible}
          placeholder={t.noResponsible()}
          // The stored employee stays choosable even before the pickers' list arrives.
          options={
            employeeOptions.length || !r.responsible_employee_id
              ? employeeOptions
              : [{ value: r.responsible_employee_id, label: r.responsible_employee_name ?? '' }]
          }
          onChange={(e) => change(r, { responsible: e.target.value })}
        />
      ),
    },
    {
      key: 'hours',
      header: t.hours(),
      cell: (r) => {
        const hours = draftOf(r).hours;
        return (
          <TextField
            label={<span className={s.srOnly}>{t.hours()}</span>}
            name={`hours-${r.id}`}
            type="number"
            min={1}
            max={8760}
            className={rs.hours}
            value={hours}
            error={validHours(hours) ? undefined : t.hoursRange()}
            onChange={(e) => change(r, { hours: e.target.value })}
          />
        );
      },
    },
  ];

  return section(
    <DataTable
      columns={columns}
      rows={types.data}
      actions={(r) => (
        <Button size="sm" disabled={!dirty(r) || !validHours(draftOf(r).hours)} loading={busy === r.id} onClick={() => void save(r)}>
          {LL.list.save()}
        </Button>
      )}
    />,
  );
}
