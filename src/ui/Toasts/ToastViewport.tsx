import * as Toast from '@radix-ui/react-toast';
import type { MouseEvent } from 'react';
import * as s from './Toasts.css';

export type AlertType = 'success' | 'info' | 'warning' | 'error';

export interface AlertItem {
  id: string;
  message: string;
  type: AlertType;
  /** The message is a link there. */
  href?: string;
}

export interface ToastViewportProps {
  alerts: readonly AlertItem[];
  onDismiss: (id: string) => void;
  /** A click on a toast's link (the app navigates, and dismisses it). */
  onFollow?: (alert: AlertItem, event: MouseEvent<HTMLAnchorElement>) => void;
  /** aria-label of each toast's close button. */
  closeLabel: string;
  /** Landmark name of the viewport; radix replaces `{hotkey}`. */
  viewportLabel?: string;
  /** Prefix radix reads out before each toast. */
  announceLabel?: string;
}

/** Presentational: the alert machine owns lifetimes, so radix's own timer is off (Infinity). */
export function ToastViewport({ alerts, onDismiss, onFollow, closeLabel, viewportLabel, announceLabel }: ToastViewportProps) {
  return (
    <Toast.Provider duration={Infinity} swipeDirection="right" label={announceLabel}>
      {alerts.map((alert) => (
        <Toast.Root
          key={alert.id}
          open
          duration={Infinity}
          type={alert.type === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) onDismiss(alert.id);
          }}
          role="status"
          aria-live="off"
          data-testid="toast"
          data-type={alert.type}
          className={s.toast({ type: alert.type })}
          asChild
        >
          <div>
            <Toast.Description className={s.message}>
              {alert.href ? (
                <a href={alert.href} className={s.link} onClick={(event) => onFollow?.(alert, event)} data-testid="toast-link">
                  {alert.message}
                </a>
              ) : (
                alert.message
              )}
            </Toast.Description>
            <Toast.Close className={s.close} aria-label={closeLabel} data-testid="toast-close">
              <span aria-hidden="true">×</span>
            </Toast.Close>
          </div>
        </Toast.Root>
      ))}
      {/* Divs, not Radix's <ol> of <li role="status">: a list item with another role breaks the list for screen readers. */}
      <Toast.Viewport className={s.viewport} label={viewportLabel} asChild>
        <div />
      </Toast.Viewport>
    </Toast.Provider>
  );
}
