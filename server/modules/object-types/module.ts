import { defineModule } from '../manifest';
import { objectTypeHandlers } from './handlers';

export const objectTypesModule = defineModule({ name: 'object-types', handlers: objectTypeHandlers });
