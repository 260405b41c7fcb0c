import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { tokens } from '../src/theme/tokens';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium';

/**
 * Draws the app's icon (a shopping bag on the brand colour) and rasterises it with Chromium into the
 * PNGs the web app manifest and iOS ask for. Run once when the drawing changes (`npx tsx
 * scripts/pwa-icons.ts`); the PNGs are committed under public/icons, so the build needs no browser.
 */
const out = path.resolve('public/icons');
const brand = tokens.color.primary;

// A maskable icon may be cut to any shape inside the central circle of 80% of its width: the bag
// stays within it, and the colour fills the whole square. The plain icon has rounded corners and a
// larger bag.
const bag = (scale: number) => `
  <g transform="translate(256 256) scale(${scale}) translate(-256 -256)" fill="none" stroke="#fff" stroke-linejoin="round">
    <path d="M186 206v-22a70 46 0 0 1 140 0v22" stroke-width="22" stroke-linecap="round"/>
    <rect x="151" y="196" width="210" height="200" rx="22" fill="#fff" stroke-width="0"/>
    <path d="M206 236v14a50 50 0 0 0 100 0v-14" stroke="${brand}" stroke-width="20" stroke-linecap="round"/>
  </g>`;
const svg = (maskable: boolean) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">` +
  (maskable ? `<rect width="512" height="512" fill="${brand}"/>` : `<rect width="512" height="512" rx="112" fill="${brand}"/>`) +
  bag(maskable ? 1 : 1.3) +
  `</svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  // iOS ignores the manifest's icons and rounds the corners itself.
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'icon.svg'), svg(false));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
try {
  for (const { file, size, maskable } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(maskable).replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: path.join(out, file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`icons written to ${out}`);
