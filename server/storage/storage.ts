import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. The local folder is the default; an S3-compatible bucket implements the
 * same three calls when several API processes share files.
 */
export interface Storage {
  /** `contentType` matters to a bucket, which serves what it was told; the local folder goes by the extension. */
  put(key: string, body: Buffer, contentType?: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The address the browser loads the file from ("storage base address" + key, spec §3). */
  url(key: string): string;
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
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    url: (key) => publicPath + key,
  };
}
