import { defineModule } from '../manifest';
import { objectHandlers, objectUploadGates } from './handlers';

export const objectsModule = defineModule({ name: 'objects', handlers: objectHandlers, uploadGates: objectUploadGates });
