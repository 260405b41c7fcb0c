import { useI18nContext } from '../../i18n/i18n-react';
import type { ListParams } from '../../lists/useListParams';
import { Checkbox, Select, TextField } from '../../ui';
import { useObjectOptions } from '../../records/options';
import { requestStatusList, useRequestTypes } from './api';
import * as s from './requests.css';

type Props = { params: ListParams; update: (patch: Partial<ListParams>) => void; staff: boolean };

/** The journal's own filters (status, type, object, period, overdue), kept in the address via `extra`. */
export function RequestFilters({ params, update, staff }: Props) {
  const { LL } = useI18nContext();
  const types = useRequestTypes();
  const objects = useObjectOptions(staff);
  const x = params.extra ?? {};
  const set = (key: string, value: string) => update({ extra: { ...x, [key]: value } });
  const f = LL.requests.filters;
  return (
    <>
      <Select
        label={f.status()}
        name="request-status"
        value={x.status ?? ''}
        onChange={(e) => set('status', e.target.value)}
        placeholder={f.allStatuses()}
        options={requestStatusList.map((value) => ({ value, label: LL.requests.statuses[value]() }))}
        data-testid="filter-status"
      />
      <Select
        label={f.type()}
        name="type_id"
        value={x.type_id ?? ''}
        onChange={(e) => set('type_id', e.target.value)}
        placeholder={f.allTypes()}
        options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        data-testid="filter-type"
      />
      {staff && (
        <Select
          label={f.object()}
          name="object_id"
          value={x.object_id ?? ''}
          onChange={(e) => set('object_id', e.target.value)}
          placeholder={f.allObjects()}
          options={(objects.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          data-testid="filter-object"
        />
      )}
      <TextField className={s.dateField} label={f.from()} name="from" type="date" value={x.from ?? ''} max={x.to} onChange={(e) => set('from', e.target.value)} />
      <TextField className={s.dateField} label={f.to()} name="to" type="date" value={x.to ?? ''} min={x.from} onChange={(e) => set('to', e.target.value)} />
      <Checkbox
        className={s.checkboxCell}
        label={f.overdue()}
        name="overdue"
        checked={x.overdue === '1'}
        onChange={(e) => set('overdue', e.target.checked ? '1' : '')}
        data-testid="filter-overdue"
      />
    </>
  );
}
