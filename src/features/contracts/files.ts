import { type FileRule, MB } from '../../records/files';

/** The contract's rules for a lease file (openapi.yaml /contracts/{id}/files); the server repeats them by the bytes. */
export const documentRule: FileRule = {
  accept: '.pdf,.jpg,.jpeg,.png,.webp,.docx,.xlsx',
  maxFiles: 20,
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
