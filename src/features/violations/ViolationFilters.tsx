import { useObjectOptions } from '#/state/queries/objects';
import { usePeople } from '#/state/queries/people';
import { useViolationTypes } from '#/state/queries/violation-types';
import { violationStatusList } from '#/state/queries/violations';
import { useI18nContext } from '../../i18n/i18n-react';
import { FilterSelect, optionsByName } from '../../lists/FilterSelect';
import { RecordFilters } from '../../lists/RecordFilters';
import type { ListParams } from '../../lists/useListParams';

type Props = { params: ListParams; update: (patch: Partial<ListParams>) => void; staff: boolean; pickRenters: boolean };

/** The list's own filters (status, type, object, renter, period of occurrence, overdue), kept in the address. */
export function ViolationFilters({ params, update, staff, pickRenters }: Props) {
  const { LL } = useI18nContext();
  const types = useViolationTypes();
  const objects = useObjectOptions(staff);
  const renters = usePeople({ purpose: 'violation', role: ['renter'] }, pickRenters);
  const f = LL.violations.filters;
  const statuses = violationStatusList.filter((value) => staff || value !== 'draft').map((value) => ({ value, label: LL.violations.statuses[value]() }));
  return (
    <RecordFilters
      params={params}
      update={update}
      name="violation-status"
      statuses={statuses}
      types={types.data}
      objects={staff ? (objects.data ?? []) : undefined}
      labels={f}
    >
      {pickRenters && (
        <FilterSelect
          params={params}
          update={update}
          filter="renter_id"
          label={f.renter()}
          placeholder={f.allRenters()}
          options={optionsByName(renters.data?.data)}
          data-testid="filter-renter"
        />
      )}
    </RecordFilters>
  );
}
