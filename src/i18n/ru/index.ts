import type { BaseTranslation } from '../i18n-types';
import { badges } from './badges';
import { core } from './core';
import { notices } from './notices';
import { notifications } from './notifications';
import { publicPages } from './public';
import { registers } from './registers';
import { requests } from './requests';

// Base locale (ru is the default), one file per area of the product; kk and en must hold every key.
// This is what every first screen downloads: the frame, the public pages, sign-in, Home, the inbox and the
// registers. An area whose texts only its own screens show is a namespace (a folder here, e.g. billing/),
// loaded with those screens (the route table's `lazyPage`); the server loads them all (i18n-util.sync).
const ru = {
  ...badges,
  ...core,
  ...notices,
  ...notifications,
  ...publicPages,
  ...registers,
  ...requests,
} satisfies BaseTranslation;

export default ru;
