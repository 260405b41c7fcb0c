import { eq, inArray } from 'drizzle-orm';
import type { ViolationStatus } from '../../../machines/violation';
import type { Db } from '../../db/client';
import { violationFiles, violations } from '../../db/schema';
import { checkDocument, checkPhoto, requireUpload } from '../../files/checks';
import { AppError, forbidden } from '../../http/errors';
import type { Upload } from '../../http/uploads';
import type { Storage } from '../../storage/storage';
import { type Accepted, attachFiles } from '../../workflow/files';
import { sidesOn, type ViolationViewer } from './access';
import type { ViolationRow } from './queries';
import { violationIn } from './transitions';
import { violationWorkflow } from './workflow';

export type ViolationFileKind = (typeof violationFiles.$inferSelect)['kind'];
export const MAX_FILE_MIB = 10;

/**
 * Who adds which kind, and while: staff's photos of the violation until it is closed or cancelled; the
 * renter's files of a dispute while issued and while the dispute is open (the dialog sends them right
 * after the dispute; more may follow until staff decide); the renter's photos of the fix while it
 * still has to fix it.
 */
const rules: Record<ViolationFileKind, { by: 'staff' | 'renter'; open: ViolationStatus[] }> = {
  photo: { by: 'staff', open: ['draft', 'issued', 'acknowledged', 'disputed', 'fixed'] },
  dispute: { by: 'renter', open: ['issued', 'disputed'] },
  fix: { by: 'renter', open: ['issued', 'acknowledged'] },
};

/** The kinds this caller may add to this violation now (the SPA's upload buttons). */
export function uploadKinds(viewer: ViolationViewer, row: ViolationRow): ViolationFileKind[] {
  const sides = sidesOn(viewer, row.violation);
  // Staff's side already needs `update` (access.ts sidesOn).
  return (Object.keys(rules) as ViolationFileKind[]).filter((kind) => sides.includes(rules[kind].by) && rules[kind].open.includes(row.violation.status));
}

/**
 * Asked before the upload's body is read (the upload gate, which does not know the kind yet: whether
 * the caller may add any kind) and again with it.
 */
export async function violationTakingFiles(db: Db, viewer: ViolationViewer, id: string, kind?: ViolationFileKind) {
  const row = await violationIn(db, viewer, id);
  const sides = sidesOn(viewer, row.violation);
  const kinds = kind ? [kind] : (Object.keys(rules) as ViolationFileKind[]);
  const mine = kinds.filter((k) => sides.includes(rules[k].by));
  if (mine.length === 0) throw forbidden();
  if (!mine.some((k) => rules[k].open.includes(row.violation.status))) throw new AppError(409, 'invalid_state');
  return row;
}

/** A photo (or a dispute's document), checked by its bytes, then stored and written into the history by the kit. */
export async function uploadViolationFile(
  db: Db,
  storage: Storage,
  viewer: ViolationViewer,
  id: string,
  kind: ViolationFileKind,
  upload: Upload | undefined,
): Promise<void> {
  const row = await violationTakingFiles(db, viewer, id, kind);
  const file = requireUpload(upload, 'file');
  const checked = kind === 'dispute' ? await checkDocument(file, 'file', MAX_FILE_MIB) : await checkPhoto(file, 'file', MAX_FILE_MIB);
  const name = (checked.columns?.name as string | undefined) ?? null;
  const accepted: Accepted = {
    ...checked,
    columns: { kind, name, uploadedBy: viewer.user.id },
    keyPrefix: `${kind}-`,
    event: `violation.file.${kind}`,
    comment: name,
  };
  await attachFiles(db, storage, violationWorkflow, viewer, row, [accepted], {
    open: inArray(violations.status, rules[kind].open),
    countWhere: eq(violationFiles.kind, kind),
  });
}
