import type { BaseTranslation } from '../i18n-types';
import { apiKeys } from './api-keys';
import { billing } from './billing';
import { billingDocs } from './billing-docs';
import { calendar } from './calendar';
import { contracts } from './contracts';
import { core } from './core';
import { email } from './email';
import { importPage } from './import-page';
import { imports } from './imports';
import { meters } from './meters';
import { notices } from './notices';
import { notifications } from './notifications';
import { publicPages } from './public';
import { push } from './push';
import { registers } from './registers';
import { reports } from './reports';
import { requests } from './requests';
import { sla } from './sla';
import { tasks } from './tasks';
import { telegram } from './telegram';
import { violations } from './violations';
import { waitingList } from './waiting-list';

// Base locale (ru is the default and the fallback), one file per area of the product;
// kk and en must hold every key.
const ru = {
  ...apiKeys,
  ...billing,
  ...billingDocs,
  ...calendar,
  ...core,
  ...email,
  ...contracts,
  ...importPage,
  ...imports,
  ...meters,
  ...notices,
  ...notifications,
  ...publicPages,
  ...push,
  ...registers,
  ...reports,
  ...requests,
  ...sla,
  ...tasks,
  ...telegram,
  ...violations,
  ...waitingList,
} satisfies BaseTranslation;

export default ru;
