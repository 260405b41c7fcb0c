import { useObjectOptions } from '#/state/queries/objects';
import { requestPriorities, requestStatusList, useRequestTypes } from '#/state/queries/requests';
import { useI18nContext } from '../../i18n/i18n-react';
import { FilterSelect } from '../../lists/FilterSelect';
import { RecordFilters } from '../../lists/RecordFilters';
import type { ListParams } from '../../lists/useListParams';

type Props = { params: ListParams; update: (patch: Partial<ListParams>) => void; staff: boolean };

/** The journal's own filters (status, type, object, priority, period, overdue), kept in the address via `extra`. */
export function RequestFilters({ params, update, staff }: Props) {
  const { LL } = useI18nContext();
  const types = useRequestTypes();
  const objects = useObjectOptions(staff);
  const statuses = requestStatusList.map((value) => ({ value, label: LL.requests.statuses[value]() }));
  return (
    <RecordFilters
      params={params}
      update={update}
      name="request-status"
      statuses={statuses}
      types={types.data}
      objects={staff ? (objects.data ?? []) : undefined}
      labels={LL.requests.filters}
    >
      <FilterSelect
        params={params}
        update={update}
        filter="priority"
        label={LL.sla.priority()}
        placeholder={LL.sla.allPriorities()}
        options={requestPriorities.map((value) => ({ value, label: LL.sla.priorities[value]() }))}
        data-testid="filter-priority"
      />
    </RecordFilters>
  );
}
