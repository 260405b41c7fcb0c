import { createActorContext } from '@xstate/react';
import { createContext, lazy, type ReactNode, type RefObject, Suspense, use, useCallback, useMemo, useRef } from 'react';
import { useI18nContext } from '#/i18n/i18n-react';
import { type ConfirmOptions, confirmMachine } from '#machines/confirm';

// The dialog (and Radix under it) loads when a confirmation is first asked for.
const ConfirmDialog = lazy(async () => ({ default: (await import('#/ui/ConfirmDialog/ConfirmDialog')).ConfirmDialog }));

/** The confirmation dialog: `await confirm()` answers true or false. */
export const ConfirmContext = createActorContext(confirmMachine);

type Resolver = ((result: boolean) => void) | null;
// The promise of whoever opened the dialog; the machine's `resolve` action settles it.
const ResolverContext = createContext<RefObject<Resolver> | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const resolver = useRef<Resolver>(null);
  const logic = useMemo(
    () =>
      confirmMachine.provide({
        actions: {
          resolve: (_, { result }) => {
            resolver.current?.(result);
            resolver.current = null;
          },
        },
      }),
    [],
  );
  return (
    <ConfirmContext.Provider logic={logic}>
      <ResolverContext value={resolver}>
        {children}
        <ConfirmView />
      </ResolverContext>
    </ConfirmContext.Provider>
  );
}

export function useConfirm() {
  const actor = ConfirmContext.useActorRef();
  const resolver = use(ResolverContext);
  if (!resolver) throw new Error('useConfirm outside ConfirmProvider');
  return useCallback(
    (options: ConfirmOptions = {}) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false); // a dialog replaced by a new one counts as cancelled
        resolver.current = resolve;
        actor.send({ type: 'confirm.open', ...options });
      }),
    [actor, resolver],
  );
}

function ConfirmView() {
  const { LL } = useI18nContext();
  const actor = ConfirmContext.useActorRef();
  const open = ConfirmContext.useSelector((s) => s.hasTag('open'));
  const ctx = ConfirmContext.useSelector((s) => s.context);
  const asked = useRef(false);
  asked.current ||= open;
  if (!asked.current) return null;
  return (
    <Suspense>
      <ConfirmDialog
        open={open}
        title={ctx.title ?? LL.confirm.title()}
        message={ctx.message ?? LL.confirm.message()}
        confirmLabel={ctx.confirmLabel ?? LL.confirm.yes()}
        cancelLabel={ctx.cancelLabel ?? LL.confirm.no()}
        onConfirm={() => actor.send({ type: 'confirm.accept' })}
        onCancel={() => actor.send({ type: 'confirm.cancel' })}
      />
    </Suspense>
  );
}
