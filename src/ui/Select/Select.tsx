import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldShell, useFieldIds } from '../Field/Field';
import { control } from '../Field/Field.css';

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  label: ReactNode;
  name: string;
  options: readonly { value: string; label: string }[];
  /** Shown first with an empty value (an optional choice). */
  placeholder?: string;
  error?: string;
  hint?: string;
  className?: string;
  'data-testid'?: string;
}

/** A native select: keyboard and screen readers for free; works with react-hook-form's register. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, name, options, placeholder, error, hint, id, className, 'data-testid': testId, ...rest },
  ref,
) {
  const ids = useFieldIds(id, name, hint, error);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} testId={testId} className={className}>
      <select
        ref={ref}
        id={ids.inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        data-testid={testId}
        className={control({ invalid: Boolean(error) })}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
});
