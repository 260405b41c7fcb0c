import { defineModule } from '../manifest';
import { renterHandlers } from './handlers';

export const rentersModule = defineModule({ name: 'renters', handlers: renterHandlers });
