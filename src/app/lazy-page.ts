import { type ComponentType, createElement, lazy, type ReactNode } from 'react';

/** The props a page takes; none for a page function without parameters. */
type PropsOf<C> = C extends (props: infer P) => ReactNode ? (unknown extends P ? object : P) : never;
export type LazyPage<P> = ((props: P) => ReactNode) & { preload(): Promise<unknown> };

/**
 * A page whose code is its own chunk, fetched when the page is first shown or when a navigation to it
 * begins (`preload`). Once fetched it renders at once: React.lazy alone would suspend for one more
 * turn even with the module in hand, and the old page would blink to a spinner.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage<PropsOf<M[K]>> {
  type P = PropsOf<M[K]>;
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => (loaded = m[name] as ComponentType<P>),
      (error: unknown) => {
        pending = undefined; // the next attempt fetches again
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload().catch(reloadOnce) }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route at module load, never inside a render.
  const Page = (props: P) => createElement((loaded ?? Lazy) as ComponentType<object>, props as object);
  return Object.assign(Page, { preload });
}

const RELOADED_KEY = 'chunkReloadedAt';

/**
 * A chunk that does not arrive is most often one a newer deploy replaced (hashed names change): a full
 * load of the same URL fetches the new build. Once per URL, so a server that is down shows its error
 * instead of reloading forever.
 */
function reloadOnce(error: unknown): Promise<never> {
  if (sessionStorage.getItem(RELOADED_KEY) === window.location.href) throw error;
  sessionStorage.setItem(RELOADED_KEY, window.location.href);
  window.location.reload();
  return new Promise<never>(() => {});
}
