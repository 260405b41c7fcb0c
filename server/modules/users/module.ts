import { defineModule } from '../manifest';
import { userHandlers } from './handlers';

export const usersModule = defineModule({ name: 'users', handlers: userHandlers });
