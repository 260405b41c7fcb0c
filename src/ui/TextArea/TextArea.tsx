import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { controlProps, FieldShell, type Labelled, useFieldIds } from '../Field/Field';

export type TextAreaProps = Labelled<TextareaHTMLAttributes<HTMLTextAreaElement>>;

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
