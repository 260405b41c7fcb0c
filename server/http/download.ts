import type { FastifyReply } from 'fastify';
import { disposition } from './storage-route';

/** The office and PDF media types the API sends as files. */
export const MEDIA = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

/** A file as a download named `name` (its extension given), saved under that name in any language (RFC 6266's filename*). */
export function sendDownload(reply: FastifyReply, body: unknown, name: string, contentType: string): FastifyReply {
  return reply.header('Content-Type', contentType).header('Content-Disposition', disposition('attachment', name)).send(body);
}
