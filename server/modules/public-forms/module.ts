import { defineModule } from '../manifest';
import { publicFormHandlers } from './handlers';

export const publicFormsModule = defineModule({ name: 'public-forms', handlers: publicFormHandlers });
