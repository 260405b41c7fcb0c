import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { controlProps, FieldShell, useFieldIds } from '../Field/Field';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  label: ReactNode;
  name: string;
  /** Shown under the field with role="alert"; also sets aria-invalid. */
  error?: string;
  hint?: string;
  /** Class of the wrapper (label + textarea + texts). */
  className?: string;
  'data-testid'?: string;
}

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, name, error, hint, id, className, rows = 4, 'data-testid': testId, ...rest },
  ref,
) {
  const ids = useFieldIds(id, name, hint, error);
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error} testId={testId} className={className} required={rest.required}>
      <textarea ref={ref} rows={rows} {...controlProps(ids, name, error, testId, true)} {...rest} />
    </FieldShell>
  );
});
