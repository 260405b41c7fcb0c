import * as Dialog from '@radix-ui/react-dialog';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../ui';
import * as s from '../../ui/ConfirmDialog/ConfirmDialog.css';
import * as f from './requests.css';

type Props = {
  open: boolean;
  title: string;
  submitLabel: string;
  cancelLabel: string;
  onSubmit: () => void;
  /** Escape, an overlay click and the cancel button. */
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
  testId?: string;
};

/** A small form in a dialog (assign, reject, return), dressed like the kit's ConfirmDialog. */
export function RequestDialog({ open, title, submitLabel, cancelLabel, onSubmit, onClose, busy = false, children, testId = 'request-dialog' }: Props) {
  const send = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content className={s.content} data-testid={testId} aria-describedby={undefined}>
          <Dialog.Title className={s.title}>{title}</Dialog.Title>
          <form onSubmit={send} noValidate className={f.dialogForm}>
            {children}
            <div className={s.actions}>
              <Button variant="secondary" onClick={onClose} disabled={busy}>
                {cancelLabel}
              </Button>
              <Button type="submit" loading={busy} data-testid={`${testId}-submit`}>
                {submitLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
