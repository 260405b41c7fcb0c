import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type Config, loadConfig } from '#server/config';
import type { Db } from '#server/db/client';
import { startServer } from '#server/server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

// Without vitest, so that scripts (npm run walk) start the same server and browser as the browser tests.
export type BrowserHarness = { baseUrl: string; browser: Browser; db: Db; outboxDir: string; close(): Promise<void> };

/**
 * The built SPA (`npm run build` first) served by a real server on a fresh embedded database with
 * the demo data (and the suite's own settings: a payment provider), and Debian's Chromium. Without Chromium the suite fails saying how to get it.
 */
export async function startBrowserHarness(overrides: Partial<Config> = {}): Promise<BrowserHarness> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Browser tests need Chromium at ${CHROMIUM_PATH}: run "apt-get install -y chromium" or set CHROMIUM_PATH.`);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-browser-'));
  const base = loadConfig({ DATA_DIR: dataDir }, []);
  const config = { ...base, host: '127.0.0.1', port: 0, databaseUrl: null, demo: true, logLevel: 'silent', ...overrides };
  // SPA_DIR lets parallel work build the SPA elsewhere than dist/.
  const { app, database } = await startServer(config, { logger: false, inMemory: true, spaDir: process.env.SPA_DIR });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  return {
    baseUrl,
    browser,
    db: database.db,
    outboxDir: path.join(dataDir, 'outbox'),
    async close() {
      await browser.close();
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the login form as a demo user and waits for Home. */
export async function signIn(page: Page, username: string, password = 'demo1234') {
  // /auth sends a signed-in user Home, so the last user's token goes first, as signing out would.
  if (page.url().startsWith('http')) {
    await page.evaluate(() => {
      localStorage.removeItem('token');
      sessionStorage.removeItem('token');
    });
  }
  await page.goto('/auth');
  await page.getByLabel('Логин').fill(username);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL('**/home');
}
