import { defineModule } from '../manifest';
import { landlordHandlers } from './handlers';

export const landlordsModule = defineModule({ name: 'landlords', handlers: landlordHandlers });
