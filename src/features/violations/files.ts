import { type FileRule, MB } from '../../records/files';

/** The contract's limits (openapi.yaml /violations/{id}/files): photos of the violation and of the fix. */
export const photoRule: FileRule = { accept: 'image/*', maxFiles: 10, types: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 10 * MB };

/** A dispute's files: a document or a photo. */
export const documentRule: FileRule = {
  accept: '.pdf,.jpg,.jpeg,.png,.webp,.docx,.xlsx',
  maxFiles: 10,
  types: [
    'application/pdf',
    'image/jpeg',
    'image/png',
    'image/webp',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ],
  maxBytes: 10 * MB,
};
