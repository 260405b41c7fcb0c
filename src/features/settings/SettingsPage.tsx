import { useState } from 'react';
import { useAlerts } from '#/state/alerts';
import { ApiRequestError, messageOf } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { type Column, DataTable } from '../../lists/DataTable';
import { Button, Checkbox, EmptyState, ErrorState, Page, Select, Skeleton } from '../../ui';
import { type AccessGrants, type AccessLevel, type AccessModule, type EmployeeAccess, useAccessTable, useSaveAccess } from './api';
import { QrCodeSettings } from './QrCodeSettings';
import { RequestTypesSettings } from './RequestTypesSettings';
import * as s from './Settings.css';
import { StatechartsHelp } from './StatechartsHelp';

type Draft = { levels: AccessGrants; can_notify: boolean };
type Row = EmployeeAccess & { id: string };

/**
 * `/settings` (spec §2, §6): the landlord grants each employee a level per module and the right to
 * send notifications; each row is saved on its own, so one employee's change never waits for another's.
 */
export function SettingsPage() {
  const { LL } = useI18nContext();
  const query = useAccessTable();
  const alerts = useAlerts();
  const saveAccess = useSaveAccess();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [saving, setSaving] = useState<string | null>(null);

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
  const columns: Column<Row>[] = [
    {
      key: 'employee',
      header: LL.settings.employee(),
      // Save sits beside the name: the table scrolls sideways, the name column is always in view first.
      cell: (e) => (
        <div className={s.employee}>
          {e.full_name}
          {e.position && <span className={s.position}>{e.position}</span>}
          <Button size="sm" disabled={!isDirty(e)} loading={saving === e.employee_id} onClick={() => void save(e)}>
            {LL.list.save()}
          </Button>
        </div>
      ),
    },
    ...modules.map((m: AccessModule) => ({
      key: m,
      header: LL.access.modules[m](),
      cell: (e: Row) => (
        <Select
          label={<span className={s.srOnly}>{LL.access.modules[m]()}</span>}
          name={`${m}-${e.employee_id}`}
          className={s.level}
          value={draftOf(e).levels[m]}
          options={levelOptions}
          onChange={(ev) => change(e, { levels: { ...draftOf(e).levels, [m]: ev.target.value as AccessLevel } })}
        />
      ),
    })),
    {
      key: 'can_notify',
      header: LL.settings.canNotify(),
      cell: (e) => (
        <Checkbox
          label={<span className={s.srOnly}>{LL.settings.canNotify()}</span>}
          name={`can_notify-${e.employee_id}`}
          checked={draftOf(e).can_notify}
          onChange={(ev) => change(e, { can_notify: ev.target.checked })}
        />
      ),
    },
  ];

  const rows: Row[] = query.data.employees.map((e) => ({ ...e, id: e.employee_id }));
  return (
    <Page title={title} data-testid="settings">
      <h2>{LL.settings.accessTitle()}</h2>
      <p className={s.hint}>{LL.settings.accessHint()}</p>
      {rows.length === 0 ? <EmptyState title={LL.settings.empty()} text={LL.settings.emptyHint()} /> : <DataTable columns={columns} rows={rows} />}
      <RequestTypesSettings />
      <QrCodeSettings />
      <StatechartsHelp />
    </Page>
  );
}
