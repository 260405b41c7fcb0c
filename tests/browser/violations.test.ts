import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';
import { PDF, PNG } from '../support/requests';

const PHONE = { width: 390, height: 844 };

/** No sideways scroll: the window and the document both stay at the phone's 390 px. */
async function expectFits(page: Page, where: string) {
  const [inner, scroll] = await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
  expect(inner, `${where}: window width`).toBe(PHONE.width);
  expect(scroll, `${where}: document width`).toBeLessThanOrEqual(PHONE.width);
}

// An employee records a violation with a photo and issues it; the renter (on a phone) disputes it;
// the employee rejects the dispute; the renter reports it fixed with a photo; the employee closes it.
describe('violations in Chromium', () => {
  const ctx = useBrowser();
  let viewUrl = '';

  /** The renter's phone: its own context, as a phone sizes its layout. */
  const phone = async () => {
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, 'renter');
    return page;
  };

  it('an employee records a violation with a photo and issues it to the tenant', async () => {
    const page = ctx.page;
    await signIn(page, 'employee');
    await page.getByTestId('nav-violations').click();
    await page.getByRole('heading', { name: 'Нарушения', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Новое нарушение' }).click();
    const form = page.getByTestId('violation-form');
    await form.getByRole('button', { name: 'Добавить' }).click();
    await form.getByText('Обязательное поле').first().waitFor();
    await form.getByTestId('violation-renter').selectOption({ index: 1 });
    // The room comes from the tenant.
    await expect.poll(() => form.getByTestId('violation-room').locator('option:checked').textContent()).toContain('Помещение арендатора: ');
    await form.getByTestId('violation-type').selectOption({ label: 'Товар в проходе' });
    await form.getByLabel('Описание').fill('Коробки с товаром в проходе у входа');
    await form.getByLabel('Штраф, ₸').fill('12,3.4');
    // A fix deadline before the violation is told on the same submit as the fine.
    await form.getByLabel('Когда произошло').fill('2026-11-24T12:00');
    await form.getByLabel('Срок устранения').fill('2026-11-20T10:00');
    await form.getByRole('button', { name: 'Добавить' }).click();
    await form.getByText(/не более двух знаков/).waitFor();
    await form.getByText('Срок устранения не может быть раньше, чем произошло нарушение').waitFor();
    await form.getByLabel('Штраф, ₸').fill('15000.50');
    await form.getByLabel('Срок устранения').fill('');
    await form.getByTestId('violation-photos-input').setInputFiles({ name: 'corridor.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Добавить' }).click();

    await page.waitForURL(/\/violations\/[0-9a-f-]{36}$/);
    viewUrl = new URL(page.url()).pathname;
    await page.getByTestId('toast').getByText('Нарушение записано').waitFor();
    const view = page.getByTestId('violation-view');
    await view.getByTestId('violation-status').getByText('Черновик').waitFor();
    expect(await view.getByTestId('violation-fine').textContent()).toBe('15\u00a0000,50\u00a0₸');
    await expect.poll(() => page.getByTestId('violation-files-photo').getByTestId('violation-file').count()).toBe(1);
    await page.getByTestId('violation-actions').getByRole('button', { name: 'Выставить арендатору' }).click();
    await page.getByTestId('toast').getByText('Нарушение: Выставлено').waitFor();
    await view.getByTestId('violation-status').getByText('Выставлено').waitFor();
    // Issued: no longer editable.
    expect(await page.getByRole('button', { name: 'Редактировать' }).count()).toBe(0);
  });

  it('the tenant finds it on its phone and disputes it with a comment and files attached in the dialog; a file the server refuses is named, the dispute stands', async () => {
    const page = await phone();
    await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByTestId('drawer').getByTestId('nav-violations').click();
    await page.getByRole('heading', { name: 'Нарушения', level: 1 }).waitFor();
    await page.getByTestId('violation-link').first().waitFor();
    await expectFits(page, 'the tenant\u2019s list');
    await page.getByTestId('violation-link').first().click();
    await page.waitForURL(`**${viewUrl}`);
    await page.getByTestId('violation-status').getByText('Выставлено').waitFor();
    await expectFits(page, 'the tenant\u2019s violation');
    // Before the dispute its files are attached in the dialog, not on the page.
    expect(await page.getByTestId('upload-dispute').count()).toBe(0);
    await page.getByTestId('violation-actions').getByRole('button', { name: 'Оспорить' }).click();
    const dialog = page.getByTestId('comment-dialog');
    await dialog.getByRole('heading', { name: 'Оспорить нарушение' }).waitFor();
    await dialog.getByLabel('Комментарий').fill('Коробки убрали через пять минут, это была разгрузка');
    // The second file passes the picker (its name and type) but not the server (its bytes are no PDF).
    await dialog.getByTestId('dispute-files').setInputFiles([
      { name: 'unloading.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') },
    ]);
    await expectFits(page, 'the dispute dialog');
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await page.getByTestId('violation-status').getByText('Оспорено').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The dispute stands; the refused file is named, and where to add it again is said.
    const toasts = page.getByTestId('toast');
    await toasts.getByText('Файл scan.pdf не загружен: Допустимы только PDF, изображения JPEG, PNG, WebP, документы DOCX или таблицы XLSX').waitFor();
    await toasts.getByText('Возражение отправлено, но не все файлы загрузились. Добавьте их в разделе «Файлы возражения».').waitFor();
    const files = page.getByTestId('violation-files-dispute');
    await files.getByRole('link', { name: 'unloading.pdf' }).waitFor();
    expect(await files.getByRole('link', { name: 'scan.pdf' }).count()).toBe(0);
    // While the dispute is open the tenant may add more.
    await page.getByTestId('upload-dispute').waitFor();
    await expectFits(page, 'the disputed violation');
    await page.context().close();
  });

  it('the employee rejects the dispute', async () => {
    const page = ctx.page;
    await signIn(page, 'employee');
    await page.goto(viewUrl);
    await page.getByTestId('violation-status').getByText('Оспорено').waitFor();
    await page.getByTestId('violation-actions').getByRole('button', { name: 'Отклонить возражение' }).click();
    const dialog = page.getByTestId('comment-dialog');
    await dialog.getByLabel('Комментарий').fill('На фото видно, что проход был закрыт');
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await page.getByTestId('violation-status').getByText('Признано').waitFor();
  });

  it('the tenant reports it fixed with a photo, on its phone', async () => {
    const page = await phone();
    await page.goto(viewUrl);
    await page.getByTestId('violation-status').getByText('Признано').waitFor();
    // Not before a photo of the fix.
    expect(await page.getByTestId('violation-actions').getByRole('button', { name: 'Сообщить об устранении' }).count()).toBe(0);
    await page.getByTestId('upload-fix').setInputFiles({ name: 'clear.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('toast').getByText('Файл добавлен').first().waitFor();
    await page.getByTestId('violation-actions').getByRole('button', { name: 'Сообщить об устранении' }).click();
    await page.getByTestId('violation-status').getByText('Устранено').waitFor();
    await expectFits(page, 'the fixed violation');
    await page.context().close();
  });

  it('the employee confirms the fix and closes it; the history tells every step', async () => {
    const page = ctx.page;
    await signIn(page, 'employee');
    await page.goto(viewUrl);
    await page.getByTestId('violation-actions').getByRole('button', { name: 'Подтвердить устранение' }).click();
    await page.getByTestId('violation-status').getByText('Закрыто').waitFor();
    expect(await page.getByTestId('violation-actions').getByRole('button').count()).toBe(0);
    const history = page.getByTestId('violation-history');
    const events = await history.getByTestId('history-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-event')));
    expect(events).toEqual([
      'violation.created',
      'violation.file.photo',
      'violation.issue',
      'violation.dispute',
      'violation.file.dispute',
      'violation.reject',
      'violation.file.fix',
      'violation.fix',
      'violation.confirm',
    ]);
    expect(await history.getByTestId('history-entry').filter({ hasText: 'Возражение отклонено' }).textContent()).toContain('Оспорено → Признано');
  });

  it('the landlord adds a type in Settings, renames it and switches it off', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.getByTestId('nav-settings').click();
    const section = page.getByTestId('violation-types-settings');
    await section.getByRole('heading', { name: 'Типы нарушений' }).waitFor();
    await expect.poll(() => section.getByTestId('violation-type').count()).toBe(6);
    const added = section.getByTestId('violation-type-new');
    await added.getByLabel('Название (рус.)').fill('Шум');
    await added.getByLabel('Название (каз.)').fill('Шу');
    await added.getByLabel('Название (англ.)').fill('Noise');
    await added.getByRole('button', { name: 'Добавить тип' }).click();
    await page.getByTestId('toast').getByText('Тип нарушения добавлен').waitFor();
    await expect.poll(() => section.getByTestId('violation-type').count()).toBe(7);
    const row = section.getByTestId('violation-type').last();
    await row.getByLabel('Название (рус.)').fill('Громкая музыка');
    await row.getByLabel('Используется').uncheck();
    await row.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('toast').getByText('Тип нарушения сохранён').waitFor();
    // A switched-off type is not offered for a new violation.
    await page.goto('/violations/create');
    const options = () => page.getByTestId('violation-type').locator('option').allTextContents();
    await expect.poll(options).toContain('Товар в проходе');
    expect(await options()).not.toContain('Громкая музыка');
  });

  it("staff's list, form and view fit a 390 px phone too", async () => {
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, 'employee');
    await page.goto('/violations');
    await page.getByTestId('violation-link').first().waitFor();
    await expectFits(page, "staff's list");
    await page.goto('/violations/create');
    await page.getByTestId('violation-form').waitFor();
    await expectFits(page, 'the form');
    await page.goto(viewUrl);
    await page.getByTestId('violation-history').waitFor();
    await expectFits(page, "staff's view");
    await context.close();
  });
});
