import { useI18nContext } from '../../i18n/i18n-react';
import { FilterSelect } from '../../lists/FilterSelect';
import type { ListParams } from '../../lists/useListParams';
import { useObjectOptions } from '../../records/options';
import { Checkbox, TextField } from '../../ui';
import { useViolationRenters, useViolationTypes, violationStatusList } from './api';
import * as s from './violations.css';

type Props = { params: ListParams; update: (patch: Partial<ListParams>) => void; staff: boolean; pickRenters: boolean };

/** The list's own filters (status, type, object, renter, period of occurrence, overdue), kept in the address. */
export function ViolationFilters({ params, update, staff, pickRenters }: Props) {
  const { LL } = useI18nContext();
  const types = useViolationTypes();
  const objects = useObjectOptions(staff);
  const renters = useViolationRenters(pickRenters);
  const x = params.extra ?? {};
  const set = (key: string, value: string) => update({ extra: { ...x, [key]: value } });
  const f = LL.violations.filters;
  const list = { params, update };
  const statuses = violationStatusList.filter((value) => staff || value !== 'draft').map((value) => ({ value, label: LL.violations.statuses[value]() }));
  const byName = (items: { id: string; name: string }[] | undefined) => (items ?? []).map((i) => ({ value: i.id, label: i.name }));
  return (
    <>
      <FilterSelect
        {...list}
        filter="status"
        name="violation-status"
        label={f.status()}
        placeholder={f.allStatuses()}
        options={statuses}
        data-testid="filter-status"
      />
      <FilterSelect {...list} filter="type_id" label={f.type()} placeholder={f.allTypes()} options={byName(types.data)} data-testid="filter-type" />
      {staff && (
        <FilterSelect {...list} filter="object_id" label={f.object()} placeholder={f.allObjects()} options={byName(objects.data)} data-testid="filter-object" />
      )}
      {pickRenters && (
        <FilterSelect {...list} filter="renter_id" label={f.renter()} placeholder={f.allRenters()} options={byName(renters.data)} data-testid="filter-renter" />
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
