import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  lang: string;
  theme_color: string;
  icons: { sizes: string; purpose: string }[];
};

// The installable app: a manifest a phone accepts, and a service worker that keeps the shell for an
// offline start but never answers for the API or for files.
describe('installable app in Chromium', () => {
  const ctx = useBrowser({ pagePerTest: false });

  it('links a manifest with the name, start page, standalone display, theme colour and icons', async () => {
    const page = ctx.page;
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const res = await page.request.get(href as string);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers()['cache-control']).toBe('no-cache');
    const manifest = (await res.json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'Mall CRM', short_name: 'Mall CRM', start_url: '/home', display: 'standalone', lang: 'ru', theme_color: '#006396' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png', '/icons/apple-touch-icon.png']) {
      const png = await page.request.get(icon);
      expect(png.status(), icon).toBe(200);
      expect(png.headers()['content-type'], icon).toBe('image/png');
    }
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['content-type']).toMatch(/javascript/);
    expect(sw.headers()['cache-control']).toBe('no-cache');
  });

  it('registers the service worker after load, which then controls the page', async () => {
    const page = ctx.page;
    await page.goto('/auth');
    const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(new URL(script as string).pathname).toBe('/sw.js');
    await page.reload();
    await page.getByRole('button', { name: 'Войти' }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  });

  it('keeps nothing of the API or of uploaded files, and leaves API answers to the server', async () => {
    const page = ctx.page;
    await signIn(page, 'renter');
    await page.getByTestId('nav-requests').click();
    await page.getByRole('heading', { name: 'Журнал заявок', level: 1 }).waitFor();
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Профиль' }).waitFor();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys()) for (const req of await (await caches.open(key)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.filter((u) => u.startsWith('/api/') || u.startsWith('/storage/'))).toEqual([]);
    // An unknown API path is the server's JSON 404, not the SPA's index.html from the cache.
    const answer = await page.evaluate(async () => {
      const res = await fetch('/api/no-such-call');
      return { status: res.status, type: res.headers.get('content-type') };
    });
    expect(answer.status).toBe(404);
    expect(answer.type).toMatch(/json/);
  });

  it('opens the sign-in page offline from the cached shell', async () => {
    const page = ctx.page;
    await page.context().setOffline(true);
    try {
      await page.goto('/auth');
      await page.getByRole('button', { name: 'Войти' }).waitFor();
    } finally {
      await page.context().setOffline(false);
    }
  });
});
