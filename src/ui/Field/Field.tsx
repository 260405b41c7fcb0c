import { type ReactNode, useId } from 'react';
import * as s from './Field.css';
import { control } from './Field.css';

/** A labelled control's props (text field, text area, select): its element's own attributes and these. */
export type Labelled<Attributes> = Omit<Attributes, 'className' | 'name'> & LabelledProps;

interface LabelledProps {
  label: ReactNode;
  name: string;
  /** Shown under the field with role="alert"; also sets aria-invalid. */
  error?: string;
  hint?: string;
  /** Class of the wrapper (label + control + texts). */
  className?: string;
  'data-testid'?: string;
}

export interface FieldIds {
  inputId: string;
  hintId: string;
  errorId: string;
  /** Value for the control's aria-describedby (error first, then hint), or undefined. */
  describedBy: string | undefined;
}

/** Stable ids linking a control to its hint and error texts. */
export function useFieldIds(id: string | undefined, name: string | undefined, hint?: string, error?: string): FieldIds {
  const auto = useId();
  const inputId = id ?? `${name ?? 'field'}-${auto}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const parts = [error ? errorId : null, hint ? hintId : null].filter(Boolean);
  return { inputId, hintId, errorId, describedBy: parts.length ? parts.join(' ') : undefined };
}

/** What every control of a field carries: its id, name, error state, described-by texts, test id and style. */
export function controlProps(ids: FieldIds, name: string | undefined, error: string | undefined, testId?: string, multiline = false) {
  return {
    id: ids.inputId,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.describedBy,
    'data-testid': testId,
    className: control({ invalid: Boolean(error), multiline }),
  };
}

export interface FieldShellProps {
  ids: FieldIds;
  label: ReactNode;
  hint?: string;
  error?: string;
  /** Test id of the control; the error text gets `${testId}-error`. */
  testId?: string;
  className?: string;
  /** Marks the label with an asterisk; the control itself carries `required` for screen readers. */
  required?: boolean | undefined;
  children: ReactNode;
}

/** Label above, control, then hint and error texts below. */
export function FieldShell({ ids, label, hint, error, testId, className, required, children }: FieldShellProps) {
  return (
    <div className={[s.field, className].filter(Boolean).join(' ')}>
      {/* The mark sits beside the label, not in it: the field's name stays its label's words. */}
      <span className={s.labelRow}>
        <label htmlFor={ids.inputId} className={s.label}>
          {label}
        </label>
        {required && (
          <span aria-hidden="true" className={s.requiredMark} data-testid="required-mark">
            *
          </span>
        )}
      </span>
      {children}
      {hint && (
        <span id={ids.hintId} className={s.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={ids.errorId} role="alert" className={s.errorText} data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </span>
      )}
    </div>
  );
}
