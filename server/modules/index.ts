import { apiKeysModule } from './api-keys/module';
import { authModule } from './auth/module';
import { billingModule } from './billing/module';
import { calendarModule } from './calendar/module';
import { contractorsModule } from './contractors/module';
import { contractsModule } from './contracts/module';
import { deliveriesModule } from './deliveries/module';
import { emailModule } from './email/module';
import { employeesModule } from './employees/module';
import { importsModule } from './imports/module';
import { landlordsModule } from './landlords/module';
import type { HandlersOfAll, ModuleManifest } from './manifest';
import { menuModule } from './menu/module';
import { metersModule } from './meters/module';
import { noticesModule } from './notices/module';
import { notificationsModule } from './notifications/module';
import { objectTypesModule } from './object-types/module';
import { objectsModule } from './objects/module';
import { peopleModule } from './people/module';
import { publicFormsModule } from './public-forms/module';
import { pushModule } from './push/module';
import { rentersModule } from './renters/module';
import { reportsModule } from './reports/module';
import { requestsModule } from './requests/module';
import { settingsModule } from './settings/module';
import { socialLinksModule } from './social-links/module';
import { tasksModule } from './tasks/module';
import { telegramModule } from './telegram/module';
import { usersModule } from './users/module';
import { violationsModule } from './violations/module';
import { waitingListModule } from './waiting-list/module';

/** Every server module, each declared in its own module.ts: the one line a new module adds here. */
const list = [
  authModule,
  usersModule,
  publicFormsModule,
  employeesModule,
  landlordsModule,
  objectTypesModule,
  objectsModule,
  socialLinksModule,
  settingsModule,
  rentersModule,
  contractorsModule,
  requestsModule,
  waitingListModule,
  tasksModule,
  violationsModule,
  contractsModule,
  billingModule,
  metersModule,
  reportsModule,
  calendarModule,
  peopleModule,
  menuModule,
  notificationsModule,
  deliveriesModule,
  pushModule,
  emailModule,
  telegramModule,
  noticesModule,
  importsModule,
  apiKeysModule,
] as const satisfies readonly ModuleManifest[];

/** What the modules' handlers build together; the app does not compile while an operation has none. */
export type AllHandlers = HandlersOfAll<typeof list>;

export const modules: readonly ModuleManifest[] = list;
