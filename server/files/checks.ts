import { AppError, invalidField } from '../http/errors';
import type { Upload } from '../http/uploads';
import type { Accepted } from '../workflow/files';
import { detectDocument, documentName, headOf } from './documents';
import { magicOf } from './magic';

/** A file was sent under `field`, and it is not empty. */
export function requireUpload(upload: Upload | undefined, field: string): Upload {
  if (!upload || upload.size === 0) throw invalidField(field, (ll) => ll.validation.required());
  return upload;
}

/** At most `maxMib`: 413 file_too_large, said beside the field. */
export function checkSize(upload: Upload, field: string, maxMib: number): void {
  if (upload.size > maxMib * 1024 * 1024) {
    throw new AppError(413, 'file_too_large', { [field]: (ll) => ll.errors.file_too_large({ max: maxMib }) }, { max: maxMib });
  }
}

/**
 * A document by its size and bytes (documents.ts): PDF, an image but SVG, DOCX or XLSX, unless
 * `accepts` narrows it; an Office file that unpacks too far is `document_archive`.
 */
export async function checkDocument(upload: Upload, field: string, maxMib: number, accepts: (ext: string) => boolean = () => true): Promise<Accepted> {
  checkSize(upload, field, maxMib);
  const kind = await detectDocument(upload.path, upload.size);
  if (kind === 'archive') throw new AppError(400, 'document_archive', { [field]: (ll) => ll.errors.document_archive() });
  if (!kind || !accepts(kind.ext)) throw new AppError(400, 'document_type', { [field]: (ll) => ll.errors.document_type() });
  return { upload, ...kind, columns: { name: documentName(upload.filename, kind.ext) } };
}

/** A photo by its bytes: JPEG, PNG or WebP only (an SVG logo is fine, an SVG "photo" is not). */
export async function checkPhoto(upload: Upload, field: string, maxMib: number): Promise<Accepted> {
  checkSize(upload, field, maxMib);
  const kind = await magicOf(await headOf(upload.path));
  if (!kind || kind.ext === 'pdf') throw new AppError(400, 'photo_type', { [field]: (ll) => ll.errors.photo_type() });
  return { upload, ext: kind.ext, contentType: kind.contentType };
}
