import type { ReactNode } from 'react';
import { FilterSelect, optionsByName } from './FilterSelect';
import { PeriodFilters } from './PeriodFilters';
import type { ListParams } from './useListParams';

type Named = { id: string; name: string }[] | undefined;
type Labels = Record<'status' | 'allStatuses' | 'type' | 'allTypes' | 'object' | 'allObjects' | 'from' | 'to' | 'overdue', () => string>;

type Props = {
  params: ListParams;
  update: (patch: Partial<ListParams>) => void;
  /** The status select's name (a page may hold more than one register). */
  name: string;
  statuses: { value: string; label: string }[];
  types: Named;
  /** The caller's objects; absent where the caller has no choice of object (a renter). */
  objects?: Named;
  labels: Labels;
  /** The register's own filters, before the period. */
  children?: ReactNode;
};

/** The filters every register of records shares (status, type, object, period, overdue), kept in the address. */
export function RecordFilters({ params, update, name, statuses, types, objects, labels: f, children }: Props) {
  const list = { params, update };
  return (
    <>
      <FilterSelect {...list} filter="status" name={name} label={f.status()} placeholder={f.allStatuses()} options={statuses} data-testid="filter-status" />
      <FilterSelect {...list} filter="type_id" label={f.type()} placeholder={f.allTypes()} options={optionsByName(types)} data-testid="filter-type" />
      {objects && (
        <FilterSelect
          {...list}
          filter="object_id"
          label={f.object()}
          placeholder={f.allObjects()}
          options={optionsByName(objects)}
          data-testid="filter-object"
        />
      )}
      {children}
      <PeriodFilters {...list} labels={{ from: f.from(), to: f.to(), overdue: f.overdue() }} />
    </>
  );
}
