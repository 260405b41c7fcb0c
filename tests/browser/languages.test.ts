import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

// The built files of each area's texts (src/i18n/<language>/<namespace>/index.ts), from Vite's manifest.
const spaDir = process.env.SPA_DIR ?? path.resolve(import.meta.dirname, '../../dist');
const manifest = JSON.parse(readFileSync(path.join(spaDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
const namespaceFiles = new Map<string, string>(
  Object.entries(manifest).flatMap(([key, chunk]) => {
    const found = key.match(/^src\/i18n\/(ru|kk|en)\/(\w+)\/index\.ts$/);
    return found ? [[`/${chunk.file}`, `${found[1]}/${found[2]}`] as const] : [];
  }),
);

/** The areas' texts the page fetches from now on, as `ru/billing`. */
function fetchedTexts(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (r) => {
    const name = namespaceFiles.get(new URL(r.url()).pathname);
    if (name) fetched.push(name);
  });
  return fetched;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 }).waitFor();
const choose = (page: Page, language: 'RU' | 'KK' | 'EN') => page.getByTestId('language-switch').getByRole('button', { name: language }).click();

// Each area's texts come with its screens, in the language shown; the first screens fetch none.
describe('languages and the areas’ texts in Chromium', () => {
  const ctx = useBrowser();

  it('the landing page, sign-in and Home fetch no area’s texts; the invoices fetch theirs in Russian only', async () => {
    const page = ctx.page;
    expect(namespaceFiles.size).toBeGreaterThan(0);
    const fetched = fetchedTexts(page);
    await page.goto('/');
    await page.getByTestId('language-switch').waitFor();
    await signIn(page, 'landlord');
    await heading(page, 'Главная');
    expect(fetched).toEqual([]);
    await page.getByTestId('nav-invoices').click();
    await heading(page, 'Счета на оплату');
    expect(fetched.length).toBeGreaterThan(0);
    expect(new Set(fetched)).toEqual(new Set(['ru/billing', 'ru/contracts']));
  });

  it('a switch brings the open area’s texts in the new language; an area opened after it, or after a reload, comes in that one', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.getByTestId('nav-invoices').click();
    await heading(page, 'Счета на оплату');
    await choose(page, 'KK');
    await heading(page, 'Төлем шоттары');
    const fetched = fetchedTexts(page);
    await page.getByTestId('nav-meters').click();
    await heading(page, 'Есептегіштер');
    expect(fetched).toEqual(['kk/meters']);
    await page.reload();
    await heading(page, 'Есептегіштер');

    await choose(page, 'EN');
    await heading(page, 'Meters');
    await page.getByTestId('nav-violations').click();
    await heading(page, 'Violations');
    // Back to an area opened only before the reload: its English texts come with it.
    await page.getByTestId('nav-invoices').click();
    await heading(page, 'Invoices');
    // The account keeps the choice: Russian again for the next tests.
    await choose(page, 'RU');
    await heading(page, 'Счета на оплату');
  });
});
