import { defineModule } from '../manifest';
import { socialLinkHandlers } from './handlers';

export const socialLinksModule = defineModule({ name: 'social-links', handlers: socialLinkHandlers });
