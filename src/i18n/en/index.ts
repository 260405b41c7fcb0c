import type { Translation } from '../i18n-types';
import { badges } from './badges';
import { core } from './core';
import { notices } from './notices';
import { notifications } from './notifications';
import { publicPages } from './public';
import { registers } from './registers';
import { requests } from './requests';

// One file per area of the product; with the namespaces (the folders) they hold every key.
const en = {
  ...badges,
  ...core,
  ...notices,
  ...notifications,
  ...publicPages,
  ...registers,
  ...requests,
} satisfies Translation;

export default en;
