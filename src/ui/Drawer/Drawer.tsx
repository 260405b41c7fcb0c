import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import * as s from './Drawer.css';

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible name of the menu button and of the drawer itself. */
  label: string;
  /** aria-label of the close button. */
  closeLabel: string;
  /** Shown at the top of the panel, beside the close button (e.g. the product's name). */
  header?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * The navigation of a narrow screen: a menu button, and a panel from the left that is a modal dialog
 * (Radix: focus kept inside, Escape and a tap outside close it, focus returns to the button). Both
 * exist only below the breakpoint; imported from its own file so that Radix stays out of public pages.
 */
export function Drawer({ open, onOpenChange, label, closeLabel, header, children, 'data-testid': testId = 'drawer' }: DrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className={s.trigger} aria-label={label} data-testid="menu-button">
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content className={s.panel} data-testid={testId} aria-describedby={undefined}>
          <div className={s.header}>
            <Dialog.Title className={header ? s.hidden : undefined}>{label}</Dialog.Title>
            {header}
            <Dialog.Close className={s.close} aria-label={closeLabel} data-testid="drawer-close">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <div className={s.body}>{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
