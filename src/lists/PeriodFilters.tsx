import { Checkbox, TextField } from '../ui';
import * as s from './PeriodFilters.css';
import type { ListParams } from './useListParams';

type Props = {
  params: ListParams;
  update: (patch: Partial<ListParams>) => void;
  /** Each list names its period and its overdue in its own words. */
  labels: { from: string; to: string; overdue: string };
};

/** A list's period (`from`, `to`) and "overdue only" filters, kept in the address beside its other filters. */
export function PeriodFilters({ params, update, labels }: Props) {
  const x = params.extra ?? {};
  const set = (key: string, value: string) => update({ extra: { ...x, [key]: value } });
  return (
    <>
      <TextField
        className={s.dateField}
        label={labels.from}
        name="from"
        type="date"
        value={x.from ?? ''}
        max={x.to}
        onChange={(e) => set('from', e.target.value)}
      />
      <TextField className={s.dateField} label={labels.to} name="to" type="date" value={x.to ?? ''} min={x.from} onChange={(e) => set('to', e.target.value)} />
      <Checkbox
        className={s.checkboxCell}
        label={labels.overdue}
        name="overdue"
        checked={x.overdue === '1'}
        onChange={(e) => set('overdue', e.target.checked ? '1' : '')}
        data-testid="filter-overdue"
      />
    </>
  );
}
