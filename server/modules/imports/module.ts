import { defineModule } from '../manifest';
import { importHandlers, importUploadGates } from './handlers';
import { MAX_IMPORT_MIB } from './service';

export const importsModule = defineModule({
  name: 'imports',
  handlers: importHandlers,
  uploadGates: importUploadGates,
  maxUploadMib: MAX_IMPORT_MIB,
});
