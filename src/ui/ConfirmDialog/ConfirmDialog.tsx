import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../Button/Button';
import * as s from './ConfirmDialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Called on the cancel button, Escape and an overlay click. */
  onCancel: () => void;
  confirmVariant?: 'primary' | 'danger';
  /** Shows a spinner on the confirm button and blocks both buttons. */
  busy?: boolean;
  'data-testid'?: string;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  confirmVariant = 'primary',
  busy = false,
  'data-testid': testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content className={s.content} data-testid={testId}>
          <Dialog.Title className={s.title}>{title}</Dialog.Title>
          <Dialog.Description className={s.message}>{message}</Dialog.Description>
          <div className={s.actions}>
            <Button variant="secondary" onClick={onCancel} disabled={busy} data-testid={`${testId}-cancel`}>
              {cancelLabel}
            </Button>
            <Button variant={confirmVariant} onClick={onConfirm} loading={busy} data-testid={`${testId}-confirm`}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
