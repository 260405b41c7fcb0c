import type { BaseLocationHook } from 'wouter';
import { navigate as browserNavigate, useBrowserLocation } from 'wouter/use-browser-location';
import { preloadPath } from './preload';

let latest = 0;

/**
 * The browser's location, but a navigation inside the app changes the URL only once the target
 * page's code is in: the old page stays until then, and the new one renders with the URL, as it
 * did when every page came in one script. Only the latest of quick successive navigations applies.
 */
function navigateWhenLoaded(to: string | URL, options?: Parameters<typeof browserNavigate>[1]) {
  const ticket = ++latest;
  const apply = () => ticket === latest && browserNavigate(to, options);
  // The target's code did not arrive (a newer deploy, most often): a full load brings the new build.
  const loadFully = () => ticket === latest && window.location.assign(to);
  void preloadPath(String(to)).then(apply, loadFully);
}

export const useAppLocation: BaseLocationHook = (options) => {
  const [location] = useBrowserLocation(options);
  return [location, navigateWhenLoaded];
};
