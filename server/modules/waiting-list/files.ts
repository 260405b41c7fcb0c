import { randomUUID } from 'node:crypto';
import { AppError } from '../../http/errors';
import type { Upload } from '../../http/uploads';
import { detectDocument, documentName } from '../../http/documents';

export const MAX_FILE_MIB = 10;
export const MAX_FILES_PER_SET = 5;

export type CheckedFile = { fileSet: 1 | 2; key: string; name: string; data: Buffer; contentType: string };

/** Every file of both sets checked before any is stored: one refused file refuses the form. */
export function checkFiles(questionnaireId: string, sets: Record<1 | 2, Upload[]>): CheckedFile[] {
  const checked: CheckedFile[] = [];
  for (const fileSet of [1, 2] as const) {
    const field = `files${fileSet}`;
    const uploads = sets[fileSet];
    if (uploads.length > MAX_FILES_PER_SET) {
      throw new AppError(400, 'too_many_files', { [field]: (ll) => ll.errors.too_many_files({ max: MAX_FILES_PER_SET }) }, { max: MAX_FILES_PER_SET });
    }
    for (const upload of uploads) {
      if (upload.data.length > MAX_FILE_MIB * 1024 * 1024) {
        throw new AppError(413, 'file_too_large', { [field]: (ll) => ll.errors.file_too_large({ max: MAX_FILE_MIB }) }, { max: MAX_FILE_MIB });
      }
      const found = detectDocument(upload.data);
      // Questionnaires take no WebP (the contract's list).
      const kind = found?.ext === 'webp' ? null : found;
      if (!kind) throw new AppError(400, 'document_type', { [field]: (ll) => ll.errors.document_type() });
      checked.push({ fileSet, key: `questionnaires/${questionnaireId}/${fileSet}-${randomUUID()}.${kind.ext}`, name: documentName(upload.filename, kind.ext), data: upload.data, contentType: kind.contentType });
    }
  }
  return checked;
}
