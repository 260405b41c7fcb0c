import type { Deps } from '../../deps';
import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import { menuCounts } from './counts';

/** The navigation's badges, gathered from the modules that have them. */
export function menuHandlers({ db }: Deps): HandlersOf<'getMenuCounts'> {
  return {
    async getMenuCounts(req) {
      return menuCounts(db, callerOf(req));
    },
  };
}
