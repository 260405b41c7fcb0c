import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A stored file opened for reading: what the storage route sends. */
export type StoredFile = { body: Readable; size: number };

/**
 * Where uploaded files live. The local folder is the default; an S3-compatible bucket implements the
 * same calls when several API processes share files.
 */
export interface Storage {
  /** `contentType` matters to a bucket, which serves what it was told; the local folder goes by the extension. */
  put(key: string, body: Buffer, contentType?: string): Promise<void>;
  /** Moves an accepted upload from its temporary file into storage, without reading it into memory. */
  putFile(key: string, source: string, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  open(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** Every stored file with its last change: what the sweep of unreferenced files walks. */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /** The public address of a public file (logos: "storage base address" + key). Documents get signed links (file-links.ts). */
  url(key: string): string;
}

/**
 * Removes stored files no row names any more (a refused upload, a record deleted): a removal that fails
 * is not the caller's failure, and the file stays for the sweep of unreferenced files (orphans.ts).
 */
export async function removeStored(storage: Storage, keys: ReadonlyArray<string | null | undefined>): Promise<void> {
  await Promise.all(keys.map((key) => key && storage.delete(key).catch(() => undefined)));
}

export function localStorage(dir: string, publicPath: string): Storage & { dir: string } {
  const resolve = (key: string) => {
    const full = path.resolve(dir, key);
    if (!full.startsWith(path.resolve(dir) + path.sep)) throw new Error(`storage key escapes its folder: ${key}`);
    return full;
  };
  return {
    dir,
    async put(key, body) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, body);
    },
    async putFile(key, source) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      // A rename when the temporary folder is on the same disk; a copy otherwise (the temporary file is removed with the request).
      await rename(source, full).catch(() => copyFile(source, full));
    },
    async open(key) {
      const full = resolve(key);
      const found = await stat(full).catch(() => null);
      return found?.isFile() ? { body: createReadStream(full), size: found.size } : null;
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async *list() {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        const found = await stat(full).catch(() => null);
        if (found) yield { key: path.relative(dir, full).split(path.sep).join('/'), modifiedAt: found.mtime };
      }
    },
    url: (key) => publicPath + key,
  };
}
