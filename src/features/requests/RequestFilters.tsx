import { useObjectOptions } from '#/state/queries/objects';
import { requestStatusList, useRequestTypes } from '#/state/queries/requests';
import { useI18nContext } from '../../i18n/i18n-react';
import { FilterSelect, optionsByName } from '../../lists/FilterSelect';
import { PeriodFilters } from '../../lists/PeriodFilters';
import type { ListParams } from '../../lists/useListParams';

type Props = { params: ListParams; update: (patch: Partial<ListParams>) => void; staff: boolean };

/** The journal's own filters (status, type, object, period, overdue), kept in the address via `extra`. */
export function RequestFilters({ params, update, staff }: Props) {
  const { LL } = useI18nContext();
  const types = useRequestTypes();
  const objects = useObjectOptions(staff);
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
      <FilterSelect {...list} filter="type_id" label={f.type()} placeholder={f.allTypes()} options={optionsByName(types.data)} data-testid="filter-type" />
      {staff && (
        <FilterSelect
          {...list}
          filter="object_id"
          label={f.object()}
          placeholder={f.allObjects()}
          options={optionsByName(objects.data)}
          data-testid="filter-object"
        />
      )}
      <PeriodFilters {...list} labels={{ from: f.from(), to: f.to(), overdue: f.overdue() }} />
    </>
  );
}
