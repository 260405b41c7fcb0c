import { mkdir, readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { almatyDay } from '#/shared/almaty';
import { objects, requests, requestTypes, users } from '#server/db/schema';
import { signIn, useBrowser } from '../support/browser';

const SHOTS = 'test-results';

// The landlord opens the requests report, narrows it to a quarter-old object's year, sees the chart and
// the table follow, and exports the file; then the same page on a phone.
describe('reports in Chromium', () => {
  const ctx = useBrowser();

  it('the landlord changes the period and the object, the chart and table follow, and exports the file', async () => {
    const db = ctx.h.db;
    const [boss] = await db.select({ landlordId: users.landlordId }).from(users).where(eq(users.username, 'landlord'));
    const [type, type2] = await db
      .select({ id: requestTypes.id, name: requestTypes.nameRu })
      .from(requestTypes)
      .where(eq(requestTypes.kind, 12))
      .orderBy(requestTypes.id)
      .limit(2);
    const [centre] = await db
      .insert(objects)
      .values({ landlordId: boss!.landlordId!, name: 'ТРЦ «Отчётный»', city: 'Алматы', address: 'пр. Абая, 10' })
      .returning();
    // Two requests of 200 days ago: outside this month, inside the last year only when the year reaches back.
    const old = new Date(Date.now() - 200 * 86_400_000);
    await db.insert(requests).values(
      [910001, 910002].map((number) => ({
        landlordId: boss!.landlordId!,
        objectId: centre!.id,
        // The second of another type: the type filter leaves one.
        typeId: number === 910002 ? type2!.id : type!.id,
        number,
        applicantName: 'Айгуль',
        description: 'Не работает свет',
        status: 'new' as const,
        createdAt: old,
        deadlineAt: new Date(old.getTime() + 86_400_000),
      })),
    );

    const page = ctx.page;
    await signIn(page, 'landlord');
    // Home's key numbers, each a link to its report.
    const home = page.getByTestId('home-figures');
    await expect.poll(() => home.getByTestId('home-figure-occupancy').textContent()).toMatch(/^\d+(,\d)? %$/);
    expect(await home.getByRole('link', { name: 'Просроченные заявки' }).getAttribute('href')).toBe('/reports?report=requests');
    await page.getByTestId('nav-reports').click();
    await page.getByRole('heading', { name: 'Отчёты', level: 1 }).waitFor();
    await page.getByTestId('report-tab-requests').waitFor();
    const created = page.getByTestId('figure-created');
    await created.waitFor();
    await page.getByTestId('report-object').selectOption({ label: 'ТРЦ «Отчётный»' });
    await expect.poll(() => created.textContent()).toBe('0');
    expect(page.url()).toContain(`object=${centre!.id}`);

    await page.getByTestId('report-period').selectOption({ value: 'custom' });
    const from = old.toISOString().slice(0, 10);
    await page.getByLabel('С', { exact: true }).fill(from);
    await expect.poll(() => created.textContent()).toBe('2');
    expect(page.url()).toContain('period=custom');
    expect(page.url()).toContain(`from=${from}`);
    // The chart's days (here weeks, by their Monday) read as the language writes dates, not as ISO.
    const weeks = page.getByTestId('report-table-over_time').getByTestId('report-row');
    expect(await weeks.first().locator('th').textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    // An end before the start is told at the field and never asked of the server.
    const refused: string[] = [];
    page.on('response', (r) => r.url().includes('/api/reports/') && r.status() >= 400 && refused.push(r.url()));
    const before = new Date(old.getTime() - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('По', { exact: true }).fill(before);
    await page.getByText('Конец периода раньше начала').waitFor();
    expect(await page.getByTestId('report-export').isDisabled()).toBe(true);
    expect(refused).toEqual([]);
    await page.getByLabel('По', { exact: true }).fill(almatyDay(0));
    await expect.poll(() => created.textContent()).toBe('2');
    const byObject = page.getByTestId('report-table-by_object');
    await byObject.getByTestId('report-chart').locator('svg').first().waitFor();
    await expect.poll(() => byObject.getByTestId('report-row').first().textContent()).toContain('ТРЦ «Отчётный»');
    await expect
      .poll(() =>
        byObject
          .getByRole('row', { name: /ТРЦ «Отчётный»/ })
          .getByRole('cell')
          .first()
          .textContent(),
      )
      .toBe('2');

    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/reports-requests.png`, fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^report-requests-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await download.path()) as string)) as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getRow(2).values).toEqual([undefined, 'Создано', 2]);

    // The type filter: one of the two requests, and the table by type follows; another report drops it.
    // Renters' types and visitors' ones, each under its heading: the report counts both.
    const groups = page.getByTestId('report-type').locator('optgroup');
    await expect.poll(() => groups.evaluateAll((gs) => gs.map((g) => g.getAttribute('label')))).toEqual(['Заявки арендаторов', 'Заявки посетителей']);
    await page.getByTestId('report-type').selectOption({ label: type2!.name });
    await expect.poll(() => created.textContent()).toBe('1');
    expect(page.url()).toContain(`type=${type2!.id}`);
    const byType = page.getByTestId('report-table-by_type');
    await expect.poll(() => byType.getByTestId('report-row').allTextContents()).toEqual([expect.stringContaining(type2!.name)]);
    await page.getByTestId('report-tab-violations').click();
    await page.getByTestId('report-renter').waitFor();
    expect(page.url()).not.toContain('type=');
  });

  it('fits a phone without sideways scrolling', async () => {
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, 'landlord');
    for (const report of ['requests', 'tasks', 'occupancy', 'violations']) {
      await page.goto(`/reports?report=${report}&period=year`);
      await page.getByTestId('report-figures').waitFor();
      // The demo has no violations: that report shows its filters and empty tables.
      await page
        .getByTestId(report === 'violations' ? 'report-renter' : 'report-grid')
        .first()
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), report).toBeLessThanOrEqual(390);
    }
    await page.screenshot({ path: `${SHOTS}/reports-phone.png`, fullPage: true });
    await context.close();
  });

  it('draws tenge and square metres on axes of their own, a long period by month, and prints its name and period', async () => {
    const page = await ctx.h.browser.newPage({ baseURL: ctx.h.baseUrl });
    page.setDefaultTimeout(10_000);
    await signIn(page, 'landlord');
    await page.goto('/reports?report=occupancy&period=custom&from=2026-01-01&to=2026-12-31');
    const byFloor = page.getByTestId('report-table-by_floor').getByTestId('report-chart');
    await byFloor.locator('svg').first().waitFor();
    // The rent per m² on the left, the leased area on the right.
    await expect.poll(() => byFloor.locator('.recharts-yAxis').count()).toBe(2);
    await page.goto('/reports?report=tasks&period=custom&from=2026-01-01&to=2026-12-31');
    const months = page.getByTestId('report-table-over_time');
    await expect.poll(() => months.getByTestId('report-row').count()).toBe(12);
    expect(await months.getByTestId('report-row').first().locator('th').textContent()).toBe('01.2026');
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.getByTestId('report-print-title').textContent()).toBe('Задачи: 01.01.2026 – 31.12.2026');
    expect(await page.getByTestId('report-print-title').isVisible()).toBe(true);
    await page.close();
  });

  it('has no serious or critical accessibility violations, charts and tables included', async () => {
    // AxeBuilder opens a blank page beside the tested one, which a page of browser.newPage() may not do.
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, 'landlord');
    await page.goto('/reports?report=requests&period=year');
    await page.getByTestId('report-chart').first().locator('svg').first().waitFor();
    const result = await new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
    expect(serious).toEqual([]);
    await context.close();
  });
});
