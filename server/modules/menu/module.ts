import { defineModule } from '../manifest';
import { menuHandlers } from './handlers';

export const menuModule = defineModule({ name: 'menu', handlers: menuHandlers });
