import { useObjectOptions } from '#/state/queries/objects';
import { usePeople } from '#/state/queries/people';
import { useViolationTypes } from '#/state/queries/violation-types';
import { violationStatusList } from '#/state/queries/violations';
import { useI18nContext } from '../../i18n/i18n-react';
import { FilterSelect, optionsByName } from '../../lists/FilterSelect';
import { PeriodFilters } from '../../lists/PeriodFilters';
import type { ListParams } from '../../lists/useListParams';

type Props = { params: ListParams; update: (patch: Partial<ListParams>) => void; staff: boolean; pickRenters: boolean };

/** The list's own filters (status, type, object, renter, period of occurrence, overdue), kept in the address. */
export function ViolationFilters({ params, update, staff, pickRenters }: Props) {
  const { LL } = useI18nContext();
  const types = useViolationTypes();
  const objects = useObjectOptions(staff);
  const renters = usePeople({ purpose: 'violation', role: ['renter'] }, pickRenters);
  const f = LL.violations.filters;
  const list = { params, update };
  const statuses = violationStatusList.filter((value) => staff || value !== 'draft').map((value) => ({ value, label: LL.violations.statuses[value]() }));
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
      {pickRenters && (
        <FilterSelect
          {...list}
          filter="renter_id"
          label={f.renter()}
          placeholder={f.allRenters()}
          options={optionsByName(renters.data?.data)}
          data-testid="filter-renter"
        />
      )}
      <PeriodFilters {...list} labels={{ from: f.from(), to: f.to(), overdue: f.overdue() }} />
    </>
  );
}
