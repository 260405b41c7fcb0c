import type { Translation } from '../i18n-types';
import { calendar } from './calendar';
import { core } from './core';
import { notifications } from './notifications';
import { publicPages } from './public';
import { push } from './push';
import { registers } from './registers';
import { requests } from './requests';
import { tasks } from './tasks';
import { waitingList } from './waiting-list';

// One file per area of the product; together they hold every key.
const kk = { ...calendar, ...core, ...notifications, ...publicPages, ...push, ...registers, ...requests, ...tasks, ...waitingList } satisfies Translation;

export default kk;
