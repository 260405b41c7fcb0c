import { useState } from 'react';
import { messageOf } from '../api/client';

/** A file the user chose that was not (or could not be) sent, with the reason. */
export type FileError = { name: string; message: string };

/** What a record's files may be: the contract's limits for one kind of upload (openapi.yaml). */
export type FileRule = {
  /** The input's `accept` (a hint to the picker; the check below and the server decide). */
  accept: string;
  maxFiles: number;
  /** Types checked here; left out where only the server can judge the bytes. */
  types?: readonly string[];
  maxBytes?: number;
};

export const MB = 1024 * 1024;

/** A record's photos (a request's, a violation's), as the contract limits them: JPEG, PNG or WebP, 10 of 10 MiB. */
export const photoRule: FileRule = { accept: 'image/*', maxFiles: 10, types: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 10 * MB };

/** A record's documents (a task's, a dispute's, a lease's): PDF, a picture, DOCX or XLSX, 10 of 10 MiB; the server repeats it by the bytes. */
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

/** Checks what the server would refuse anyway, so the user learns it before sending. */
export function precheck(files: File[], rule: FileRule, messages: { type: string; size: string }): FileError[] {
  return files.flatMap((f) =>
    rule.types && !rule.types.includes(f.type)
      ? [{ name: f.name, message: messages.type }]
      : rule.maxBytes !== undefined && f.size > rule.maxBytes
        ? [{ name: f.name, message: messages.size }]
        : [],
  );
}

/**
 * Sends files one request each, in order: one refused file does not stop the others (nor undo the
 * record they belong to). `fallback` is said where the server gave no message of its own.
 */
export async function uploadFiles<T>(files: File[], send: (file: File) => Promise<T>, fallback: string, onSent?: (result: T) => void) {
  const failed: FileError[] = [];
  let sent = 0;
  for (const file of files) {
    try {
      const result = await send(file);
      sent += 1;
      onSent?.(result);
    } catch (err) {
      failed.push({ name: file.name, message: messageOf(err, fallback) });
    }
  }
  return { sent, failed };
}

/** A file input that sends as files are chosen: busy meanwhile, then the refused and failed files listed beside it. */
export function useUploads(send: (file: File) => Promise<unknown>, fallback: string) {
  const [errors, setErrors] = useState<FileError[]>([]);
  const [busy, setBusy] = useState(false);
  const upload = async (accepted: File[], refused: FileError[]) => {
    setBusy(true);
    const result = await uploadFiles(accepted, send, fallback);
    setBusy(false);
    setErrors([...refused, ...result.failed]);
    return result;
  };
  return { errors, busy, upload };
}
