import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

// A 1×1 PNG, made here rather than read from disk.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** A page of its own browser context: no token, no storage shared with the signed-in pages. */
async function freshPage(ctx: ReturnType<typeof useBrowser>): Promise<Page> {
  const page = await ctx.h.browser.newPage({ baseURL: ctx.h.baseUrl });
  page.setDefaultTimeout(10_000);
  return page;
}

// Issue 4: the landlord prints the QR code of its centre from Settings, a visitor scans it and sends a
// request without an account, and the employee finds that request in the journal.
describe('visitor requests by QR code in Chromium', () => {
  const ctx = useBrowser({ pagePerTest: false });
  const shared = { path: '', centre: '', text: `Не работает эскалатор у входа ${Date.now()}`, number: 0 };

  it("shows the landlord its centre's QR code and public link in Settings", async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.getByTestId('nav-settings').click();
    const section = page.getByTestId('qr-settings');
    await section.getByRole('heading', { name: 'QR-код для посетителей' }).waitFor();
    const image = section.getByTestId('qr-image');
    await image.waitFor();
    // The SVG is a picture (a data URL), not markup in the page.
    expect(await image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf8,%3C/);
    expect(await section.locator('svg').count()).toBe(0);
    const objectSelect = section.getByLabel('Объект');
    shared.centre = (await objectSelect.locator('option:checked').textContent()) ?? '';
    expect(shared.centre).not.toBe('');
    expect(await image.getAttribute('alt')).toBe(`QR-код страницы заявок: ${shared.centre}`);

    const link = section.getByTestId('qr-url');
    const url = (await link.textContent()) ?? '';
    expect(await link.getAttribute('href')).toBe(url);
    expect(url).toMatch(new RegExp(`/visitor-request/${UUID}$`));
    expect(url.endsWith(`/visitor-request/${await objectSelect.inputValue()}`)).toBe(true);
    shared.path = new URL(url).pathname;
    await section.getByRole('button', { name: 'Распечатать' }).waitFor();
    // Printed, the page is only the sheet: the centre's name, the code and the scan text in three languages.
    await page.emulateMedia({ media: 'print' });
    const sheet = page.getByTestId('qr-print-sheet');
    await sheet.waitFor();
    expect(await sheet.locator('p').allTextContents()).toEqual([
      shared.centre,
      'Отсканируйте, чтобы отправить заявку',
      'Өтінім жіберу үшін сканерлеңіз',
      'Scan to send a request',
    ]);
    expect(await page.locator('#root').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    expect(await sheet.isVisible()).toBe(false);
  });

  it('lets a visitor without an account send a request with a photo and tells its number', async () => {
    const visitor = await freshPage(ctx);
    try {
      await visitor.goto(shared.path);
      await visitor.getByTestId('visitor-centre').getByText(shared.centre, { exact: true }).waitFor();
      const form = visitor.getByTestId('visitor-request-form');
      // Nothing filled: the rules answer beside the fields, nothing is sent.
      await form.getByRole('button', { name: 'Отправить заявку' }).click();
      await form.getByText('Обязательное поле').first().waitFor();

      await form.getByLabel('Ваше имя').fill('Асель Посетитель');
      await form.getByLabel('Телефон').pressSequentially('7011234567');
      const type = form.getByLabel('Тип заявки');
      const options = await type.locator('option').allTextContents();
      expect(options.length).toBeGreaterThan(1);
      await type.selectOption({ index: 1 });
      await form.getByLabel('Опишите проблему').fill(shared.text);
      await form.getByLabel('Фото (необязательно)').setInputFiles({ name: 'escalator.png', mimeType: 'image/png', buffer: PNG });
      await form.getByRole('button', { name: 'Отправить заявку' }).click();

      const accepted = visitor.getByTestId('visitor-accepted');
      await accepted.waitFor();
      const match = /^Заявка №(\d+) принята$/.exec((await accepted.textContent()) ?? '');
      expect(match).not.toBeNull();
      shared.number = Number(match?.[1]);
      await visitor.getByText('Пн–Пт 9:00–18:00', { exact: false }).first().waitFor();
      // The visitor stays a guest: no token was stored.
      expect(await visitor.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'))).toBeNull();
    } finally {
      await visitor.close();
    }
  });

  it('says so when the QR code names an unknown centre', async () => {
    const visitor = await freshPage(ctx);
    try {
      await visitor.goto('/visitor-request/00000000-0000-4000-8000-000000000000');
      await visitor.getByTestId('visitor-not-found').getByText('Центр не найден').waitFor();
      await visitor.goto('/visitor-request/not-a-uuid');
      await visitor.getByTestId('visitor-not-found').waitFor();
    } finally {
      await visitor.close();
    }
  });

  it("lets the employee find the visitor's request in the journal, marked as from a visitor", async () => {
    const page = await freshPage(ctx);
    try {
      await signIn(page, 'employee');
      await page.goto('/requests-journal');
      await page.getByTestId('requests-list').waitFor();
      await page.getByLabel('Поиск').fill(shared.text);
      const row = page.getByTestId('data-row').filter({ hasText: `№${shared.number}` });
      await row.waitFor();
      await expect.poll(() => page.getByTestId('data-row').count()).toBe(1);
      expect(await row.textContent()).toContain('Асель Посетитель');
      expect(await row.textContent()).toContain('От посетителя');
      expect(await row.textContent()).toContain('+77011234567');
      // What the journal's detail answers: the visitor's text, new, from a visitor, with its one photo.
      const href = (await row.getByTestId('request-link').getAttribute('href')) ?? '';
      const id = href.split('/').pop();
      const detail = await page.evaluate(async (requestId) => {
        const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
        const res = await fetch(`/api/requests/${requestId}`, { headers: { Authorization: `Bearer ${token}` } });
        return res.json();
      }, id);
      expect(detail).toMatchObject({
        number: shared.number,
        status: 'new',
        from_visitor: true,
        description: shared.text,
        applicant_name: 'Асель Посетитель',
      });
      expect(detail.files.map((f: { kind: string }) => f.kind)).toEqual(['photo']);
    } finally {
      await page.close();
    }
  });
});
