import { type FileRule, MB } from '../../records/files';

/** The contract's limits per request file (openapi.yaml /requests/{id}/files): photos only. */
export const photoRule: FileRule = { accept: 'image/*', maxFiles: 10, types: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 10 * MB };
