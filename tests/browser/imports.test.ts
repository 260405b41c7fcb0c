import { readFile } from 'node:fs/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { withCheckDigit } from '#/shared/kz-ids';
import { employeeAccess, employees, users } from '#server/db/schema';
import { Harness } from '../support/api-harness';
import { signIn, useBrowser } from '../support/browser';
import { fillTemplate, readBook } from '../support/imports';
import { readOutbox } from '../support/outbox';

const PHONE = { width: 390, height: 844 };
const centre = 'ТРЦ «Mega Center»';

const bin = (first11: string) => {
  const full = withCheckDigit(first11);
  if (!full) throw new Error(`no check digit for ${first11}`);
  return full;
};

/** A row of the tenants template, in its columns' order. */
const tenantRow = (b: string, room: string, n: number, email = `import${n}@example.kz`): ExcelJS.CellValue[] => [
  b,
  `ТОО «Импорт ${n}»`,
  `Точка ${n}`,
  'Электроника',
  centre,
  room,
  '01.03.2026',
  42.5,
  'Айдар Серикбаев',
  'Директор',
  '8 (707) 123-45-67',
  email,
  '',
  '',
  'Алматы, ул. Абая, 1',
  '',
  'ru',
];

/** The template as the page gives it: the Import page's download, read as a workbook. */
async function downloadTemplate(page: Page): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-template').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const saved = await download.path();
  return readFile(saved);
}

/** Picks a file in the page's file field and sends it for the check. */
async function check(page: Page, file: Buffer, name = 'tenants.xlsx') {
  await page.getByTestId('import-file').setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  await page.getByRole('button', { name: 'Проверить файл' }).click();
}

// A landlord on a fresh start imports its tenants: the template, a file with two wrong rows, its errors on
// the page, the fixed file committed, and the new tenants in the register. Then a phone, and who may not.
describe('imports in Chromium', () => {
  const ctx = useBrowser();
  const api = new Harness('pglite');
  let rooms: string[] = [];
  const bins = [bin('19040140003'), bin('05040140007'), bin('21040140005')];

  beforeAll(async () => {
    api.baseUrl = ctx.h.baseUrl;
    api.db = ctx.h.db;
    const token = await api.login('landlord');
    // Vacant units of the centre, so that the imported tenants occupy them (with no lease on file yet).
    const group = (await api.api('/renters/room-options', { token })).body[0];
    const units: { number: string; occupancy: string }[] = (await api.api(`/objects/${group.id}/rooms`, { token })).body;
    rooms = ['', ...units.filter((u) => u.occupancy === 'vacant').map((u) => u.number)];
    expect(rooms.length).toBeGreaterThan(3);
  });

  it('a landlord downloads the template, reads the two errors, fixes them, commits and finds the tenants', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    // Home's occupancy before the move-in.
    const occupancy = page.getByTestId('home-figure-occupancy');
    await expect.poll(() => occupancy.textContent()).toMatch(/%$/);
    const before = await occupancy.textContent();
    await page.getByTestId('nav-imports').click();
    await page.getByRole('heading', { name: 'Импорт', level: 1 }).waitFor();

    const template = await downloadTemplate(page);
    const headers = (await readBook(template)).worksheets[0]?.getRow(1).values as ExcelJS.CellValue[];
    expect(headers.slice(1, 3)).toEqual(['БИН / ИИН', 'Наименование ЮЛ / ИП']);

    // Row 4: a BIN whose check digit is wrong; row 5: an e-mail that is not one.
    const wrongBin = `${bins[1]?.slice(0, 11)}${(Number(bins[1]?.at(-1)) + 1) % 10}`;
    const wrong = await fillTemplate(template, [
      tenantRow(bins[0] ?? '', rooms[1] ?? '', 1),
      tenantRow(wrongBin, rooms[2] ?? '', 2),
      tenantRow(bins[2] ?? '', rooms[3] ?? '', 3, 'not-an-email'),
    ]);
    await check(page, wrong);
    const result = page.getByTestId('import-result');
    await expect.poll(() => result.getByTestId('import-count-wrong').textContent()).toBe('2');
    expect(await result.getByTestId('import-count-new').textContent()).toBe('1');
    const errors = result.getByTestId('import-errors').getByTestId('data-row');
    await expect.poll(() => errors.count()).toBe(2);
    const texts = await errors.allTextContents();
    expect(texts[0]).toContain('4');
    expect(texts[0]).toContain('БИН / ИИН');
    expect(texts[0]).toContain('Неверный ИИН/БИН');
    expect(texts[1]).toContain('5');
    expect(texts[1]).toContain('Email');
    expect(texts[1]).toContain('Неверный адрес электронной почты');
    // With wrong rows the machine allows only discarding; the file with errors is offered.
    expect(await page.getByTestId('import-commit').count()).toBe(0);
    await page.getByTestId('import-discard').waitFor();
    const [report] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-error-report').click()]);
    expect(report.suggestedFilename()).toMatch(/\.xlsx$/);

    const fixed = await fillTemplate(template, [
      tenantRow(bins[0] ?? '', rooms[1] ?? '', 1),
      tenantRow(bins[1] ?? '', rooms[2] ?? '', 2),
      tenantRow(bins[2] ?? '', rooms[3] ?? '', 3),
    ]);
    await check(page, fixed);
    await expect.poll(() => result.getByTestId('import-count-new').textContent()).toBe('3');
    expect(await result.getByTestId('import-count-wrong').textContent()).toBe('0');
    expect(await result.getByTestId('import-errors').count()).toBe(0);
    // Their first-login mails go only when asked: the box is off until ticked.
    const invite = page.getByLabel('Отправить новым арендаторам (3) письмо для первого входа');
    expect(await invite.isChecked()).toBe(false);
    await invite.check();
    await page.getByRole('button', { name: 'Загрузить' }).click();
    await page.getByTestId('toast').getByText('Импорт загружен: новых 3, изменённых 0').waitFor();
    await result.getByTestId('import-status').getByText('Загружен').waitFor();
    // Committed is final: no action is left.
    expect(await page.getByTestId('import-commit').count()).toBe(0);
    expect(await page.getByTestId('import-discard').count()).toBe(0);

    // The history lists both imports; the committed one's card says so.
    await page.getByTestId('import-history-link').click();
    await page.getByRole('heading', { name: 'История импорта', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('imports-list').getByTestId('import-status').allTextContents()).toEqual(['Загружен', 'Проверен']);
    await page.getByTestId('import-link').first().click();
    await page.getByTestId('import-view').getByTestId('import-field-status').getByText('Загружен').waitFor();
    await expect.poll(() => page.getByTestId('import-history').getByTestId('history-entry').count()).toBeGreaterThan(1);
    expect(await page.getByTestId('import-view').getByTestId('import-count-new').textContent()).toBe('3');
    expect(await page.getByTestId('import-field-invitations').textContent()).toMatch(/Отправлено [0-3] из 3/);
    // The invitation job mails them at its pace (every 10 s by default), each with a first-login link.
    await expect
      .poll(
        async () =>
          (await readOutbox(ctx.h.outboxDir))
            .filter((m) => /import[123]@example\.kz/.test(m.to) && !m.unsubscribe)
            .map((m) => m.text.includes('/auth/first-login')),
        {
          timeout: 30_000,
        },
      )
      .toEqual([true, true, true]);

    await page.getByTestId('nav-renters').click();
    await page.getByRole('heading', { name: 'Арендаторы', level: 1 }).waitFor();
    for (const n of [1, 2, 3]) await page.getByRole('link', { name: `ТОО «Импорт ${n}»` }).waitFor();

    // Their units are occupied now (no lease on file yet), and Home's occupancy says so.
    await page.getByRole('link', { name: 'ТОО «Импорт 1»' }).click();
    await page.getByTestId('no-lease').waitFor();
    await page.getByTestId('nav-dashboard').click();
    await expect.poll(() => occupancy.textContent()).toMatch(/%$/);
    const percent = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));
    await expect.poll(async () => percent(await occupancy.textContent())).toBeGreaterThan(percent(before));
  });

  it('on a 390 px phone the check and its errors fit without sideways scroll', async () => {
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, 'landlord');
    await page.goto('/imports');
    await page.getByRole('heading', { name: 'Импорт', level: 1 }).waitFor();
    const template = await downloadTemplate(page);
    const file = await fillTemplate(template, [tenantRow('123', rooms[1] ?? '', 7, 'nope'), tenantRow(bins[0] ?? '', 'нет такого помещения', 8)]);
    await check(page, file, 'a-very-long-file-name-of-the-tenants-to-import-from-the-old-system.xlsx');
    await expect.poll(() => page.getByTestId('import-result').getByTestId('import-count-wrong').textContent()).toBe('2');
    const [inner, scroll] = await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
    expect(inner).toBe(PHONE.width);
    expect(scroll).toBeLessThanOrEqual(PHONE.width);
    // The import's card, then the history it links to.
    const fits = async (where: string) => {
      const [w, sw] = await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
      expect(w, where).toBe(PHONE.width);
      expect(sw, where).toBeLessThanOrEqual(PHONE.width);
    };
    await page.getByTestId('import-card-link').click();
    await page.getByTestId('import-view').getByTestId('import-original').waitFor();
    await fits('card');
    await page.getByRole('link', { name: 'История импорта' }).click();
    await page.getByTestId('imports-list').getByTestId('import-status').first().waitFor();
    await fits('history');
    await context.close();
  });

  it('an employee whose tenants, employees, leases, billing and meters levels do not allow creating sees no Import entry, and the route sends it Home', async () => {
    const [user] = await ctx.h.db.select({ id: users.id }).from(users).where(eq(users.username, 'employee'));
    const [employee] = await ctx.h.db
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.userId, user?.id ?? ''));
    await ctx.h.db
      .update(employeeAccess)
      .set({ level: 'view' })
      .where(
        and(eq(employeeAccess.employeeId, employee?.id ?? ''), inArray(employeeAccess.module, ['renters', 'employees', 'contracts', 'billing', 'meters'])),
      );
    const page = ctx.page;
    await signIn(page, 'employee');
    await page.getByTestId('nav-renters').waitFor();
    expect(await page.getByTestId('nav-imports').count()).toBe(0);
    await page.goto('/imports');
    await page.waitForURL('**/home');
    expect(await page.getByTestId('import-page').count()).toBe(0);
  });
});
