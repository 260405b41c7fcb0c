import { useI18nContext } from '../../i18n/i18n-react';
import { FilterSelect } from '../../lists/FilterSelect';
import type { ListParams } from '../../lists/useListParams';
import { useObjectOptions } from '../../records/options';
import { Checkbox, TextField } from '../../ui';
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
  const list = { params, update };
  const statuses = requestStatusList.map((value) => ({ value, label: LL.requests.statuses[value]() }));
  return (
    <>
      <FilterSelect
        {...list}
        filter="status"
        name="request-status"
        label={f.status()}
        placeholder={f.allStatuses()}
        options={statuses}
        data-testid="filter-status"
      />
      <FilterSelect {...list} filter="type_id" label={f.type()} placeholder={f.allTypes()} options={byName(types.data)} data-testid="filter-type" />
      {staff && (
        <FilterSelect {...list} filter="object_id" label={f.object()} placeholder={f.allObjects()} options={byName(objects.data)} data-testid="filter-object" />
      )}
      <TextField
        className={s.dateField}
        label={f.from()}
        name="from"
        type="date"
        value={x.from ?? ''}
        max={x.to}
        onChange={(e) => set('from', e.target.value)}
      />
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

const byName = (list: { id: string; name: string }[] | undefined) => (list ?? []).map((x) => ({ value: x.id, label: x.name }));
