import * as Dialog from '@radix-ui/react-dialog';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type ReactNode, useEffect } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { type CrossChecks, useAppForm } from '../forms/useAppForm';
import { Button } from '../ui';
import * as s from '../ui/ConfirmDialog/ConfirmDialog.css';
import * as f from './FormDialog.css';

type Props = {
  open: boolean;
  title: string;
  /** A line under the title that says what the answer is for. */
  text?: string;
  submitLabel: string;
  cancelLabel: string;
  danger?: boolean;
  onSubmit: () => void;
  /** Escape, an overlay click and the cancel button; ignored while the answer is being sent. */
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
  testId: string;
};

/** A small form in a dialog (assign, reject, return, extend, decline), dressed like the kit's ConfirmDialog. */
export function FormDialog({ open, title, text, submitLabel, cancelLabel, danger, onSubmit, onClose, busy = false, children, testId }: Props) {
  const close = () => !busy && onClose();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content className={s.content} data-testid={testId} {...(text ? {} : { 'aria-describedby': undefined })}>
          <Dialog.Title className={s.title}>{title}</Dialog.Title>
          {text && <Dialog.Description className={s.message}>{text}</Dialog.Description>}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              onSubmit();
            }}
            noValidate
            className={f.form}
          >
            {children}
            <div className={s.actions}>
              <Button variant="secondary" onClick={close} disabled={busy}>
                {cancelLabel}
              </Button>
              <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={busy} data-testid={`${testId}-submit`}>
                {submitLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The house form in a dialog: each opening starts from `empty`; what was typed stays while it is open,
 * also after a refusal. `crossChecks` as in useAppForm (keep it stable: useCallback or useMemo).
 */
export function useDialogForm<T extends FieldValues>(schema: StandardSchemaV1<T, T>, empty: DefaultValues<T>, open: boolean, crossChecks?: CrossChecks<T>) {
  const app = useAppForm<T>(schema, empty, crossChecks);
  const { form, setStatus } = app;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `empty` is a fresh literal each render; the opening alone decides.
  useEffect(() => {
    if (!open) return;
    form.reset(empty);
    setStatus(null);
  }, [open, form, setStatus]);
  return app;
}
