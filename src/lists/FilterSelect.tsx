import type { ComponentProps } from 'react';
import { Select } from '../ui';
import type { ListParams } from './useListParams';

type Props = Omit<ComponentProps<typeof Select>, 'value' | 'onChange' | 'name'> & {
  /** The filter's key in the address (`extra`); also the select's name unless given. */
  filter: string;
  name?: string;
  params: ListParams;
  update: (patch: Partial<ListParams>) => void;
  /** The value shown when the address has a cleaned one of its own (a default, a known value). */
  value?: string;
};

/** One of a list's own filters, kept in the address beside page and search. */
export function FilterSelect({ filter, name = filter, params, update, value, ...rest }: Props) {
  const x = params.extra ?? {};
  return <Select name={name} value={value ?? x[filter] ?? ''} onChange={(e) => update({ extra: { ...x, [filter]: e.target.value } })} {...rest} />;
}

/** Records named by `name`, as a filter's options. */
export const optionsByName = (items: { id: string; name: string }[] | undefined) => (items ?? []).map((i) => ({ value: i.id, label: i.name }));
