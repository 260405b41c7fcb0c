import { forwardRef, type InputHTMLAttributes } from 'react';
import { controlProps, FieldShell, type Labelled, useFieldIds } from '../Field/Field';

export type TextFieldProps = Labelled<InputHTMLAttributes<HTMLInputElement>>;

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
