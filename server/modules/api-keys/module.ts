import { defineModule } from '../manifest';
import { apiKeyHandlers } from './handlers';

export const apiKeysModule = defineModule({ name: 'api-keys', handlers: apiKeyHandlers });
