import type { Translation } from '../i18n-types';
import { core } from './core';
import { notifications } from './notifications';
import { publicPages } from './public';
import { registers } from './registers';
import { requests } from './requests';
import { tasks } from './tasks';
import { violations } from './violations';
import { waitingList } from './waiting-list';

// One file per area of the product; together they hold every key.
const kk = { ...core, ...notifications, ...publicPages, ...registers, ...requests, ...tasks, ...violations, ...waitingList } satisfies Translation;

export default kk;
