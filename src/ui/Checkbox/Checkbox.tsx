import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { useFieldIds } from '../Field/Field';
import { errorText } from '../Field/Field.css';
import * as s from './Checkbox.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> {
  label: ReactNode;
  error?: string;
  className?: string;
  'data-testid'?: string;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, error, id, name, className, 'data-testid': testId, ...rest },
  ref,
) {
  const ids = useFieldIds(id, name, undefined, error);
  return (
    <div className={[s.wrapper, className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.inputId} className={s.row}>
        <input
          ref={ref}
          id={ids.inputId}
          name={name}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          data-testid={testId}
          className={s.box}
          {...rest}
        />
        <span>{label}</span>
      </label>
      {error && (
        <span id={ids.errorId} role="alert" className={errorText} data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </span>
      )}
    </div>
  );
});
