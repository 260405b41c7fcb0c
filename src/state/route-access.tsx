import { createContext, useCallback, useContext } from 'react';
import { allows, type Rule } from '#/shared/permissions';
import { useViewer } from './session';

/** What the route table says of a path: its rule. */
export type RouteFacts = { access?: Rule } | undefined;

/**
 * The route table lives above the features (it imports their pages), so the app hands its lookup
 * down through this context; a feature asks about the path a button leads to, never about roles.
 */
const RouteFactsContext = createContext<(to: string) => RouteFacts>(() => undefined);
export const RouteFactsProvider = RouteFactsContext.Provider;

/** Whether the signed-in user may open a path (the create and edit buttons lead to one). */
export function useMayOpen(): (to: string) => boolean {
  const factsOf = useContext(RouteFactsContext);
  const viewer = useViewer();
  return useCallback(
    (to: string) => {
      const rule = factsOf(to)?.access;
      return !rule || allows(viewer, rule);
    },
    [factsOf, viewer],
  );
}
