import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Config } from '#server/config';
import { type BrowserHarness, startBrowserHarness } from './browser-harness';

export { signIn } from './browser-harness';

/**
 * Registers the suite's hooks: one server and browser for the suite, a fresh page (own storage)
 * per test unless `pagePerTest` is false; `config` overrides the server's settings. Read `ctx.h` and `ctx.page` inside tests only.
 */
export function useBrowser({ pagePerTest = true, config = {} }: { pagePerTest?: boolean; config?: Partial<Config> } = {}) {
  const ctx = {} as { h: BrowserHarness; page: Page };
  const openPage = async () => {
    ctx.page = await ctx.h.browser.newPage({ baseURL: ctx.h.baseUrl });
    ctx.page.setDefaultTimeout(10_000);
  };
  beforeAll(async () => {
    ctx.h = await startBrowserHarness(config);
    if (!pagePerTest) await openPage();
  });
  if (pagePerTest) beforeEach(openPage);
  afterAll(async () => {
    await ctx.h?.close();
  });
  return ctx;
}
