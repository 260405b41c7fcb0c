import { type FileRule, documentRule as recordDocuments } from '../../records/files';

/** A lease keeps up to 20 documents (openapi.yaml /contracts/{id}/files): the signed PDF and its annexes. */
export const documentRule: FileRule = { ...recordDocuments, maxFiles: 20 };
