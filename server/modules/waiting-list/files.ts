import { randomUUID } from 'node:crypto';
import { AppError } from '../../http/errors';
import type { Upload } from '../../http/uploads';

export const MAX_FILE_MIB = 10;
export const MAX_FILES_PER_SET = 5;

type DocKind = { ext: string; contentType: string };
const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * What a questionnaire file is, told by its bytes, never by its name or the browser's claim. DOCX and
 * XLSX are both zip archives: their part names (word/..., xl/...) are plain text in the zip headers.
 */
export function detectDocument(data: Buffer): DocKind | null {
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { ext: 'pdf', contentType: 'application/pdf' };
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: 'png', contentType: 'image/png' };
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) {
    if (data.includes('word/document')) return { ext: 'docx', contentType: DOCX };
    if (data.includes('xl/workbook')) return { ext: 'xlsx', contentType: XLSX };
  }
  return null;
}

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
      const kind = upload.data.length > 0 ? detectDocument(upload.data) : null;
      if (!kind) throw new AppError(400, 'document_type', { [field]: (ll) => ll.errors.document_type() });
      const name = (upload.filename || `file.${kind.ext}`).replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 200);
      checked.push({ fileSet, key: `questionnaires/${questionnaireId}/${fileSet}-${randomUUID()}.${kind.ext}`, name, data: upload.data, contentType: kind.contentType });
    }
  }
  return checked;
}
