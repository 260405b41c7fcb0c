import { defineModule } from '../manifest';
import { reportHandlers } from './handlers';
import { reportOptionHandlers } from './options';

export const reportsModule = defineModule({
  name: 'reports',
  handlers: (ctx) => ({ ...reportHandlers(ctx), ...reportOptionHandlers(ctx) }),
});
