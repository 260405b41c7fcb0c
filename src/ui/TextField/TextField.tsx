import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { controlProps, FieldShell, useFieldIds } from '../Field/Field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: ReactNode;
  name: string;
  /** Shown under the field with role="alert"; also sets aria-invalid. */
  error?: string;
  hint?: string;
  /** Class of the wrapper (label + input + texts). */
  className?: string;
  'data-testid'?: string;
}

/** Works with react-hook-form: `<TextField label=".." {...register('email')} error={errors.email?.message} />`. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, name, error, hint, id, className, type = 'text', 'data-testid': testId, ...rest },
  ref,
) {
  const ids = useFieldIds(id, name, hint, error);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} testId={testId} className={className} required={rest.required}>
      <input ref={ref} type={type} {...controlProps(ids, name, error, testId)} {...rest} />
    </FieldShell>
  );
});
