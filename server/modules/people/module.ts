import { defineModule } from '../manifest';
import { peopleHandlers } from './handlers';

export const peopleModule = defineModule({ name: 'people', handlers: peopleHandlers });
