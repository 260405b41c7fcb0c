import { useState } from 'react';
import { useAlerts } from '#/state/alerts';
import { type AccessGrants, type AccessLevel, type AccessModule, type EmployeeAccess, useAccessTable, useSaveAccess } from '#/state/queries/access';
import { useSessionRole } from '#/state/session';
import { ApiRequestError, messageOf } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button, Card, Checkbox, EmptyState, ErrorState, Page, Select, Skeleton } from '../../ui';
import { ApiKeysSettings } from './ApiKeysSettings';
import { BillingSettings } from './BillingSettings';
import { ContractSettings } from './ContractSettings';
import { MeterSettings } from './MeterSettings';
import { QrCodeSettings } from './QrCodeSettings';
import { RequestTypesSettings } from './RequestTypesSettings';
import * as s from './Settings.css';
import { SlaSettings } from './SlaSettings';
import { StatechartsHelp } from './StatechartsHelp';
import { ViolationTypesSettings } from './ViolationTypesSettings';

type Draft = { levels: AccessGrants; can_notify: boolean };

/**
 * `/settings`: the landlord chooses an employee and grants it a level per module and the
 * right to send notifications; each employee is saved on its own, and unsaved changes of others are kept.
 */
export function SettingsPage() {
  const { LL } = useI18nContext();
  const role = useSessionRole();
  const query = useAccessTable();
  const alerts = useAlerts();
  const saveAccess = useSaveAccess();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [saving, setSaving] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);

  const title = LL.settings.title();
  if (query.isPending)
    return (
      <Page title={title}>
        <Skeleton lines={6} label={LL.common.loading()} />
      </Page>
    );
  if (query.isError) {
    const text = query.error instanceof ApiRequestError && query.error.status < 500 ? query.error.message : LL.list.loadError();
    return (
      <Page title={title}>
        <ErrorState text={text} retryLabel={LL.common.retry()} onRetry={() => void query.refetch()} />
      </Page>
    );
  }

  const { modules, levels } = query.data;
  const draftOf = (e: EmployeeAccess): Draft => drafts[e.employee_id] ?? { levels: e.levels, can_notify: e.can_notify };
  const change = (e: EmployeeAccess, patch: Partial<Draft>) => setDrafts((d) => ({ ...d, [e.employee_id]: { ...draftOf(e), ...patch } }));
  const isDirty = (e: EmployeeAccess) => {
    const d = drafts[e.employee_id];
    return Boolean(d) && (d?.can_notify !== e.can_notify || modules.some((m) => d?.levels[m] !== e.levels[m]));
  };

  const save = async (e: EmployeeAccess) => {
    const d = draftOf(e);
    setSaving(e.employee_id);
    try {
      await saveAccess.mutateAsync({
        employeeId: e.employee_id,
        levels: d.levels,
        canNotify: d.can_notify !== e.can_notify ? d.can_notify : undefined,
      });
      setDrafts(({ [e.employee_id]: _, ...rest }) => rest);
      alerts.add({ message: LL.settings.saved({ name: e.full_name }), type: 'success' });
    } catch (err) {
      alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' });
    } finally {
      setSaving(null);
    }
  };

  const levelOptions = levels.map((l: AccessLevel) => ({ value: l, label: LL.access.levels[l]() }));
  const employees = query.data.employees;
  // One employee at a time: fourteen modules fit a laptop and a phone as a list, not as columns.
  const current = employees.find((e) => e.employee_id === chosen) ?? employees[0];
  const panel = current && (
    <Card
      padding="lg"
      data-testid="employee-access"
      aria-label={current.full_name}
      title={
        <span className={s.employee}>
          {current.full_name}
          {current.position && <span className={s.position}>{current.position}</span>}
        </span>
      }
    >
      <div className={s.modules}>
        {modules.map((m: AccessModule) => (
          <Select
            key={m}
            label={LL.access.modules[m]()}
            name={`${m}-${current.employee_id}`}
            value={draftOf(current).levels[m]}
            options={levelOptions}
            onChange={(ev) => change(current, { levels: { ...draftOf(current).levels, [m]: ev.target.value as AccessLevel } })}
          />
        ))}
      </div>
      <div className={s.footer}>
        <Checkbox
          label={LL.settings.canNotify()}
          name={`can_notify-${current.employee_id}`}
          checked={draftOf(current).can_notify}
          onChange={(ev) => change(current, { can_notify: ev.target.checked })}
        />
        <Button disabled={!isDirty(current)} loading={saving === current.employee_id} onClick={() => void save(current)}>
          {LL.list.save()}
        </Button>
      </div>
    </Card>
  );

  return (
    <Page title={title} data-testid="settings">
      <h2>{LL.settings.accessTitle()}</h2>
      <p className={s.hint}>{LL.settings.accessHint()}</p>
      {employees.length === 0 ? (
        <EmptyState title={LL.settings.empty()} text={LL.settings.emptyHint()} />
      ) : (
        <div className={s.access}>
          <Select
            label={LL.settings.employee()}
            name="employee"
            className={s.chooser}
            value={current?.employee_id ?? ''}
            // Changes of one employee are kept while another is chosen, until saved.
            options={employees.map((e) => ({ value: e.employee_id, label: e.full_name }))}
            onChange={(ev) => setChosen(ev.target.value)}
          />
          {panel}
        </div>
      )}
      <RequestTypesSettings />
      <SlaSettings />
      <QrCodeSettings />
      <ViolationTypesSettings />
      {role === 'landlord' && <ContractSettings />}
      {role === 'landlord' && <BillingSettings />}
      {role === 'landlord' && <MeterSettings />}
      {role === 'landlord' && <ApiKeysSettings />}
      <StatechartsHelp />
    </Page>
  );
}
