import { forwardRef, type SelectHTMLAttributes } from 'react';
import { controlProps, FieldShell, type Labelled, useFieldIds } from '../Field/Field';

type Option = { value: string; label: string };

export type SelectProps = Labelled<SelectHTMLAttributes<HTMLSelectElement>> & {
  options: readonly Option[];
  /** Options under a heading each (an empty group is left out), after the plain `options`. */
  groups?: readonly { label: string; options: readonly Option[] }[];
  /** Shown first with an empty value (an optional choice). */
  placeholder?: string;
};

/** A native select: keyboard and screen readers for free; works with react-hook-form's register. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, name, options, groups = [], placeholder, error, hint, id, className, 'data-testid': testId, ...rest },
  ref,
) {
  const ids = useFieldIds(id, name, hint, error);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} testId={testId} className={className} required={rest.required}>
      <select ref={ref} {...controlProps(ids, name, error, testId)} {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map(option)}
        {groups
          .filter((g) => g.options.length > 0)
          .map((g) => (
            <optgroup key={g.label} label={g.label}>
              {g.options.map(option)}
            </optgroup>
          ))}
      </select>
    </FieldShell>
  );
});

const option = (o: Option) => (
  <option key={o.value} value={o.value}>
    {o.label}
  </option>
);
