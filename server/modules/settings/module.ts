import { defineModule } from '../manifest';
import { settingsHandlers } from './handlers';

export const settingsModule = defineModule({ name: 'settings', handlers: settingsHandlers });
