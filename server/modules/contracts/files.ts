import type { Db } from '../../db/client';
import { checkDocument, requireUpload } from '../../files/checks';
import type { Upload } from '../../http/uploads';
import type { Storage } from '../../storage/storage';
import { attachFiles } from '../../workflow/files';
import { type ContractViewer, requireStaff } from './access';
import { contractIn } from './transitions';
import { contractWorkflow } from './workflow';

/** The multipart reader stops every file at 10 MiB (app.ts): the same limit as tasks. */
const MAX_CONTRACT_FILE_MIB = 10;

/** Who may add a file, asked before the upload's body is read (the upload gate) and again with it: staff at `contracts` ≥ employee. */
export async function contractTakingFiles(db: Db, viewer: ContractViewer, id: string) {
  const row = await contractIn(db, viewer, id);
  requireStaff(viewer, 'create');
  return row;
}

/** A document checked by its bytes, then stored and written into the history by the kit; a refusal stores nothing. */
export async function uploadContractFile(db: Db, storage: Storage, viewer: ContractViewer, id: string, upload: Upload | undefined): Promise<void> {
  const row = await contractTakingFiles(db, viewer, id);
  const file = await checkDocument(requireUpload(upload, 'file'), 'file', MAX_CONTRACT_FILE_MIB);
  const accepted = { ...file, columns: { ...file.columns, uploadedBy: viewer.user.id }, comment: file.columns?.name as string };
  await attachFiles(db, storage, contractWorkflow, viewer, row.contract, [accepted], { open: undefined });
}
