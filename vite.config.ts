import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the highest levels (done
 * once per build, not per request); the server sends them as they are (`preCompressed`).
 */
function precompress({ minBytes = 1024 } = {}): Plugin {
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

const dir = (name: string) => fileURLToPath(new URL(`./${name}/`, import.meta.url));
const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), precompress()],
  // The same aliases as tsconfig's `paths` (tsx reads those when the server runs).
  resolve: {
    alias: [
      { find: /^#\//, replacement: dir('src') },
      { find: /^#machines\//, replacement: dir('machines') },
      { find: /^#server\//, replacement: dir('server') },
    ],
  },
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 1500 },
  server: { port: 5173, proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/storage': `http://127.0.0.1:${apiPort}` } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['machines/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
