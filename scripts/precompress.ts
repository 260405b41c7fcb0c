import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the highest levels (done
 * once per build, not per request); the server sends them as they are (`preCompressed`).
 */
export function precompress({ minBytes = 1024 } = {}): Plugin {
  return {
    name: 'mall-crm:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => compressible.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          if (content.length < minBytes) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
