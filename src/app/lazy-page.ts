import { type ComponentType, createElement, lazy, type ReactNode, use, useMemo } from 'react';
import { I18nContext, useI18nContext } from '#/i18n/i18n-react';
import type { Locales, Namespaces } from '#/i18n/i18n-types';
import { i18nObject } from '#/i18n/i18n-util';
import { hasNamespaces, loadNamespaces } from '#/i18n/load';

/** The props a page takes; none for a page function without parameters. */
type PropsOf<C> = C extends (props: infer P) => ReactNode ? (unknown extends P ? object : P) : never;
export type LazyPage<P> = ((props: P) => ReactNode) & { preload(): Promise<unknown> };

/**
 * A page whose code is its own chunk, fetched when the page is first shown or when a navigation to it
 * begins (`preload`), together with the namespaces of the texts it shows (their areas' dictionaries),
 * in the language in use. Once both are in it renders at once: React.lazy alone would suspend for one
 * more turn even with the module in hand, and the old page would blink to a spinner.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K, namespaces: readonly Namespaces[] = []): LazyPage<PropsOf<M[K]>> {
  type P = PropsOf<M[K]>;
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const loadCode = () =>
    (pending ??= load().then(
      (m) => (loaded = m[name] as ComponentType<P>),
      (error: unknown) => {
        pending = undefined; // the next attempt fetches again
        throw error;
      },
    ));
  // Side by side, so the texts add no round trip after the code.
  const preload = () => Promise.all([loadCode(), loadNamespaces(namespaces)]).then(([page]) => page);
  const Lazy = lazy(async () => ({ default: await preload().catch(reloadOnce) }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route at module load, never inside a render.
  const Page = (props: P) => {
    const page = createElement((loaded ?? Lazy) as ComponentType<object>, props as object);
    return namespaces.length ? createElement(PageTexts, { namespaces }, page) : page;
  };
  return Object.assign(Page, { preload });
}

const textLoads = new Map<string, Promise<unknown>>();
/** One promise per language and page for `use`, which needs the same one on each render until it settles. */
function textsOf(locale: Locales, namespaces: readonly Namespaces[]): Promise<unknown> {
  const key = `${locale}:${namespaces.join()}`;
  let found = textLoads.get(key);
  if (!found) {
    found = loadNamespaces(namespaces, locale)
      .catch(reloadOnce)
      .finally(() => textLoads.delete(key));
    textLoads.set(key, found);
  }
  return found;
}

/**
 * The page renders only with its namespaces in, in the language shown (the preload may have fetched
 * another's, when the language changed meanwhile), and reads them through an LL made after they came:
 * the app's LL holds only what was loaded when its language was set.
 */
function PageTexts({ namespaces, children }: { namespaces: readonly Namespaces[]; children?: ReactNode }) {
  const context = useI18nContext();
  const { locale } = context;
  if (!hasNamespaces(locale, namespaces)) use(textsOf(locale, namespaces));
  const value = useMemo(() => ({ ...context, LL: i18nObject(locale) }), [context, locale]);
  return createElement(I18nContext.Provider, { value }, children);
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
