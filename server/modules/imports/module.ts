import { defineModule } from '../manifest';
import { importHandlers, importUploadGates } from './handlers';

export const importsModule = defineModule({ name: 'imports', handlers: importHandlers, uploadGates: importUploadGates });
