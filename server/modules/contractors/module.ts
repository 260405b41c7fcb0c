import { defineModule } from '../manifest';
import { contractorHandlers } from './handlers';
import { contractorFormHandlers } from './public-handlers';

export const contractorsModule = defineModule({
  name: 'contractors',
  handlers: (ctx) => ({ ...contractorHandlers(ctx), ...contractorFormHandlers(ctx) }),
});
