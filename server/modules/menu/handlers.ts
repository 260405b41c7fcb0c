import { callerOf } from '../../http/caller';
import type { HandlersOf } from '../../http/contract';
import type { ModuleContext } from '../manifest';
import { menuCounts } from './counts';

/** The navigation's badges, gathered from the modules that declare them. */
export function menuHandlers({ db, badges }: ModuleContext): HandlersOf<'getMenuCounts'> {
  return {
    async getMenuCounts(req) {
      return menuCounts(db, callerOf(req), badges);
    },
  };
}
