import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { almatyDay } from '#/shared/almaty';
import { requests } from '#server/db/schema';
import { signIn, useBrowser } from '../support/browser';

// A 1×1 PNG, made here rather than read from disk.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** The journal row of request №n (the link's exact text, so №1 does not match №12). */
const rowOf = (page: Page, n: number) => page.getByTestId('data-row').filter({ has: page.getByTestId('request-link').getByText(`№${n}`, { exact: true }) });

// Issue 4: a renter sends a request with a photo; the employee takes it, adds a photo report and
// marks it done; the renter confirms; the journal shows it closed with its whole history.
describe('requests journal in Chromium', () => {
  const ctx = useBrowser();
  let viewUrl = '';
  let number = 0;
  let typeName = '';

  it('a renter sends a request of a shown type with a photo', async () => {
    const page = ctx.page;
    await signIn(page, 'renter');
    await page.getByTestId('nav-requests').click();
    await page.getByRole('heading', { name: 'Журнал заявок', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Новая заявка' }).click();
    await page.getByText('Выберите тип заявки').waitFor();
    const tile = page.getByTestId('request-type-tile').first();
    typeName = (await tile.textContent()) ?? '';
    await tile.click();

    const form = page.getByTestId('request-form');
    await page.getByRole('heading', { name: `Новая заявка: ${typeName}`, level: 1 }).waitFor();
    // The form refuses an empty description before sending anything.
    await form.getByRole('button', { name: 'Отправить' }).click();
    await form.getByText('Обязательное поле').waitFor();
    await form.getByLabel('Описание').fill('Не горит свет над входом в магазин');
    await form.getByLabel('Фото').setInputFiles({ name: 'light.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Отправить' }).click();

    await page.waitForURL(/\/requests-journal\/view\/[0-9a-f-]{36}$/);
    viewUrl = new URL(page.url()).pathname;
    const toast = await page
      .getByTestId('toast')
      .getByText(/^Заявка №\d+ отправлена$/)
      .first()
      .textContent();
    number = Number(/№(\d+)/.exec(toast ?? '')?.[1]);
    expect(number).toBeGreaterThan(0);
    const view = page.getByTestId('request-view');
    await view.getByTestId('request-status').getByText('Новая').waitFor();
    expect(await view.getByTestId('request-type').textContent()).toBe(typeName);
    expect(await view.getByTestId('request-description').textContent()).toBe('Не горит свет над входом в магазин');
    expect(await page.getByTestId('request-photos-list').getByTestId('request-file').count()).toBe(1);
    // The applicant has nothing to do while the request is new.
    expect(await page.getByTestId('request-actions').getByRole('button').count()).toBe(0);
  });

  it('a request past its deadline stands out in the journal and on Home', async () => {
    const page = ctx.page;
    // Time is the one thing the UI cannot move: the deadline is put an hour into the past.
    const id = viewUrl.split('/').pop() as string;
    await ctx.h.db
      .update(requests)
      .set({ deadlineAt: new Date(Date.now() - 3_600_000) })
      .where(eq(requests.id, id));
    await signIn(page, 'employee');
    await page
      .getByTestId('tile-applications')
      .getByTestId('tile-overdue')
      .getByText(/^Просрочено: [1-9]\d*$/)
      .waitFor();
    expect(Number(await page.getByTestId('tile-applications').getByTestId('tile-badge').textContent())).toBeGreaterThan(0);
    expect(Number(await page.getByTestId('nav-requests').getByTestId('nav-badge').textContent())).toBeGreaterThan(0);

    await page.getByTestId('nav-requests').click();
    await page.getByLabel('Только просроченные').check();
    await page.waitForURL(/overdue=1/);
    const row = rowOf(page, number);
    await row.getByTestId('overdue-badge').getByText('Просрочена').waitFor();
    // The theme's soft error colour (#ffe9ec) marks the whole row.
    expect(await row.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 233, 236)');

    // The period: from tomorrow hides today's request, and the address keeps the filter.
    const tomorrow = almatyDay(1);
    await page.getByLabel('С даты').fill(tomorrow);
    await page.waitForURL(new RegExp(`from=${tomorrow}`));
    await row.waitFor({ state: 'detached' });
    expect(await page.getByLabel('По дату').getAttribute('min')).toBe(tomorrow);
    await page.getByLabel('С даты').fill('');
    await row.waitFor();
  });

  it('the employee finds it in the journal, takes it, adds a photo report and marks it done', async () => {
    const page = ctx.page;
    await signIn(page, 'employee');
    await page.getByTestId('nav-requests').click();
    await page.getByLabel('Статус заявки').selectOption('new');
    await page.waitForURL(/status=new/);
    const row = rowOf(page, number);
    await row.waitFor();
    expect(await row.getByTestId('request-status').textContent()).toBe('Новая');
    await row.getByTestId('request-link').click();
    await page.waitForURL(`**${viewUrl}`);

    const actions = page.getByTestId('request-actions');
    await actions.getByRole('button', { name: 'Взять в работу' }).click();
    await page.getByTestId('toast').getByText('Заявка: В работе').waitFor();
    await page.getByTestId('request-status').getByText('В работе').waitFor();
    // Done is not offered before a photo report exists.
    await page.getByText('Чтобы отметить заявку выполненной, загрузите фотоотчёт').waitFor();
    expect(await actions.getByRole('button', { name: 'Отметить выполненной' }).count()).toBe(0);

    await actions.getByLabel('Загрузить фотоотчёт').setInputFiles({ name: 'report.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('toast').getByText('Фотоотчёт загружен').waitFor();
    await expect.poll(() => page.getByTestId('request-report-list').getByTestId('request-file').count()).toBe(1);
    await actions.getByRole('button', { name: 'Отметить выполненной' }).click();
    await page.getByTestId('toast').getByText('Заявка: Выполнена').waitFor();
    await page.getByTestId('request-status').getByText('Выполнена').waitFor();
  });

  it('the renter confirms the work', async () => {
    const page = ctx.page;
    await signIn(page, 'renter');
    await page.goto(viewUrl);
    await page.getByTestId('request-status').getByText('Выполнена').waitFor();
    await page.getByTestId('request-actions').getByRole('button', { name: 'Подтвердить' }).click();
    await page.getByTestId('toast').getByText('Заявка: Закрыта').waitFor();
    await page.getByTestId('request-status').getByText('Закрыта').waitFor();
    expect(await page.getByTestId('request-actions').getByRole('button').count()).toBe(0);
  });

  it('the journal shows it closed, and its view the whole history', async () => {
    const page = ctx.page;
    await signIn(page, 'employee');
    await page.goto('/requests-journal?status=closed');
    await page.getByLabel('Статус заявки').waitFor();
    expect(await page.getByLabel('Статус заявки').inputValue()).toBe('closed');
    const row = rowOf(page, number);
    await row.waitFor();
    expect(await row.getByTestId('request-status').textContent()).toBe('Закрыта');
    expect(await row.textContent()).toContain(typeName);
    expect(await row.locator('td').nth(11).textContent()).toBe('Есть'); // the photo report column
    for (const status of await page.getByTestId('data-row').getByTestId('request-status').allTextContents()) expect(status).toBe('Закрыта');

    await row.getByTestId('request-link').click();
    await page.waitForURL(`**${viewUrl}`);
    const history = page.getByTestId('request-history');
    await history.getByText('Подтверждена, закрыта').waitFor();
    const events = await history.getByTestId('history-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-event')));
    const main = events.filter((e) => e !== 'request.file.photo' && e !== 'request.comment');
    expect(main).toEqual(['request.created', 'request.take', 'request.file.report', 'request.complete', 'request.confirm']);
    const taken = history.getByTestId('history-entry').filter({ hasText: 'Взята в работу' });
    expect(await taken.textContent()).toContain('Новая → В работе');
    expect(await history.getByTestId('history-entry').filter({ hasText: 'Подтверждена, закрыта' }).textContent()).toContain('Выполнена → Закрыта');
  });
});
