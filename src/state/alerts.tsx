import { createActorContext } from '@xstate/react';
import { lazy, Suspense, useMemo, useRef } from 'react';
import { useSpaLink } from '#/frame/links';
import { useI18nContext } from '#/i18n/i18n-react';
import { type AlertType, alertsMachine } from '#machines/alert';

// The toast area (and Radix under it) loads with the first toast, not with every first screen.
const ToastViewport = lazy(async () => ({ default: (await import('#/ui/Toasts/ToastViewport')).ToastViewport }));

/** The toast area of the shell: the alerts machine owns every toast's lifetime. */
export const AlertsContext = createActorContext(alertsMachine);

export type NewAlert = { message: string; type?: AlertType; duration?: number; href?: string };

export function useAlerts() {
  const actor = AlertsContext.useActorRef();
  return useMemo(
    () => ({
      add: ({ message, type, duration, href }: NewAlert) => actor.send({ type: 'alert.add', message, alertType: type, duration, href }),
      dismiss: (id: string) => actor.send({ type: 'alert.dismiss', id }),
    }),
    [actor],
  );
}

export function Toasts() {
  const { LL } = useI18nContext();
  const alerts = AlertsContext.useSelector((s) => s.context.alerts);
  const { dismiss } = useAlerts();
  const link = useSpaLink();
  const shown = useRef(false);
  shown.current ||= alerts.length > 0;
  if (!shown.current) return null;
  return (
    <Suspense>
      <ToastViewport
        alerts={alerts}
        onDismiss={dismiss}
        onFollow={(alert, event) => {
          link(alert.href ?? '')(event);
          dismiss(alert.id);
        }}
        closeLabel={LL.common.close()}
        // Radix puts its own hotkey (F8) where the text says {hotkey}.
        viewportLabel={LL.shell.toastRegion({ hotkey: '{hotkey}' })}
        announceLabel={LL.shell.toastAnnounce()}
      />
    </Suspense>
  );
}
