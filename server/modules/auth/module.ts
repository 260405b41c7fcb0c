import { defineModule } from '../manifest';
import { authHandlers } from './handlers';

export const authModule = defineModule({ name: 'auth', handlers: authHandlers });
