import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { tokens } from './src/theme/tokens';

// The build writes `<file>.br` and `<file>.gz` beside every text file of 1 KiB or more, once per build,
// not per request; the server sends them as they are (@fastify/static's `preCompressed`).
const precompress = () => compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|txt)$/, threshold: 1024 });

/**
 * Installable app: the web app manifest, and our service worker (src/sw.ts) with the build's file list
 * injected. It precaches the app's shell and pages, not the statechart viewer (a developer's screen,
 * ELK alone is 1.6 MB) nor source maps or the .br/.gz copies. The app registers it after load
 * (src/app/service-worker.ts). The server sends /sw.js and the manifest with `no-cache`.
 */
const pwa = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: {
      name: 'Mall CRM',
      short_name: 'Mall CRM',
      description: 'CRM для торговых центров: заявки, задачи, арендаторы',
      lang: 'ru',
      start_url: '/home',
      scope: '/',
      display: 'standalone',
      theme_color: tokens.color.primary,
      background_color: tokens.color.background,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      globIgnores: ['**/elk-worker*', '**/StatechartsPage*', '**/elk-bundled*', '**/charts*'],
      maximumFileSizeToCacheInBytes: 1024 * 1024,
    },
  });

const dir = (name: string) => fileURLToPath(new URL(`./${name}/`, import.meta.url));
const apiPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), pwa(), precompress()],
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
