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
  const preload = () => (pending ??= load().then((m) => (loaded = m[name] as ComponentType<P>)));
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Page = (props: P) => createElement((loaded ?? Lazy) as ComponentType<object>, props as object);
  return Object.assign(Page, { preload });
}
