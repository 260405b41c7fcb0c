import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { startServer } from '#server/server';
import { expectNoContractDrift, watchContract } from '../support/contract-check';

// A build as `npm run build` leaves it: hashed files under assets/ with their .br and .gz beside them.
const script = `console.log(${JSON.stringify('Mall CRM '.repeat(200))});`;
const asset = '/assets/index-AbCd1234.js';
const worker = `self.__WB_MANIFEST=[];${'// precache\n'.repeat(100)}`;
let app: FastifyInstance;
let dataDir = '';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-static-'));
  const spaDir = path.join(dataDir, 'dist');
  await mkdir(path.join(spaDir, 'assets'), { recursive: true });
  await writeFile(path.join(spaDir, 'index.html'), `<!doctype html><script type="module" src="${asset}"></script>`);
  await writeFile(path.join(spaDir, asset), script);
  await writeFile(path.join(spaDir, `${asset}.br`), brotliCompressSync(script));
  await writeFile(path.join(spaDir, `${asset}.gz`), gzipSync(script));
  // The installable app's files: the service worker and the manifest sit at the root, unhashed.
  await writeFile(path.join(spaDir, 'sw.js'), worker);
  await writeFile(path.join(spaDir, 'sw.js.br'), brotliCompressSync(worker));
  await writeFile(path.join(spaDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Mall CRM', start_url: '/home' }));
  const base = loadConfig({ DATA_DIR: dataDir }, []);
  const config = { ...base, host: '127.0.0.1', port: 0, databaseUrl: null, demo: false, logLevel: 'silent', taskDeadlineIntervalMs: 0 };
  ({ app } = await startServer(config, { logger: false, inMemory: true, spaDir }));
  watchContract(app);
});

afterEach(expectNoContractDrift);

afterAll(async () => {
  await app?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the built SPA over HTTP', () => {
  it('sends a hashed asset brotli-compressed to a client that accepts br, cached for a year as immutable', async () => {
    const res = await app.inject({ url: asset, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: asset, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('has index.html revalidated every time, at / and at any route of the SPA', async () => {
    for (const url of ['/', '/index.html', '/requests-journal/view/42']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('revalidates the service worker and the manifest every time, so a new build is found at once', async () => {
    const sw = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(sw.rawPayload).toString()).toBe(worker);

    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ start_url: '/home' });
  });

  it('does not answer an API path with the SPA', async () => {
    const res = await app.inject({ url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
