import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toAlmatyInput } from '#/shared/almaty';
import { signIn, useBrowser } from '../support/browser';
import { PDF } from '../support/requests';

const TITLE = 'Отключение воды в четверг';
const LATER = 'Уборка парковки';
const PHONE = { width: 390, height: 844 };

async function apiToken(page: Page, username: string) {
  const res = await page.request.post('/api/auth/login', { data: { username, password: 'demo1234' } });
  return ((await res.json()) as { token: string }).token;
}

async function newPage(browser: Browser, baseURL: string, phone = false) {
  const context = await browser.newContext({
    baseURL,
    ...(phone && { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }),
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

/** Serious and critical accessibility violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

const fits = async (page: Page) => {
  const [inner, scroll] = await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
  expect(inner).toBe(390);
  expect(scroll).toBeLessThanOrEqual(390);
};

// The landlord writes to the renters of its centre with a PDF; the renter, signed in elsewhere, sees the
// bell count change without a reload, opens the notice from its inbox and downloads the file; then the employee notifications'
// list pages by 15 and exports; compose and detail fit a phone.
describe('notices in Chromium', () => {
  const ctx = useBrowser({ pagePerTest: false });
  let renter: Page;
  let noticeId = '';
  let employeeNoticeId = '';

  it("the landlord sends a notice with a PDF to an object's renters; the renter's bell counts it at once", async () => {
    renter = await newPage(ctx.h.browser, ctx.h.baseUrl);
    await signIn(renter, 'renter');
    const bell = renter.getByTestId('topbar').getByTestId('bell');
    await bell.waitFor();
    expect(await bell.getByTestId('bell-count').count()).toBe(0);

    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.goto('/notifications');
    await page.getByTestId('notification-tabs').getByRole('tab', { name: 'Уведомления арендаторам' }).click();
    await page.waitForURL('**/notifications/renters');
    await page.getByRole('button', { name: 'Новое уведомление' }).click();
    const form = page.getByTestId('renter-notice-form');
    await form.getByLabel('Заголовок').fill(TITLE);
    await form.getByLabel('Текст').fill('С 10:00 до 14:00 воды не будет.');
    await form.getByLabel('Арендаторы объекта').check();
    const object = form.getByLabel('Объект', { exact: true });
    await object.selectOption({ index: 1 });
    await form.getByLabel('Файлы').setInputFiles({ name: 'schedule.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Отправить' }).click();
    await page.getByTestId('toast').getByText('Уведомление успешно отправлено').waitFor();
    await page.waitForURL('**/notifications/renters');
    const row = page.getByTestId('data-row').filter({ hasText: TITLE });
    await row.getByText('Отправлено').waitFor();
    noticeId = ((await row.getByTestId('renter-notice-link').getAttribute('href')) ?? '').split('/').pop() ?? '';
    expect(noticeId).toMatch(/^[0-9a-f-]{36}$/);

    // Live: no reload; the renter's bell counts it and a toast names it.
    await bell.getByTestId('bell-count').getByText('1', { exact: true }).waitFor();
    await renter.getByTestId('toast').getByText(`Уведомление: ${TITLE}`).waitFor();
  });

  it('the renter opens it from the inbox, downloads the file, and the bell goes to zero', async () => {
    const bell = renter.getByTestId('topbar').getByTestId('bell');
    await bell.click();
    await renter.waitForURL('**/notifications');
    // A renter has only its inbox: no tabs.
    expect(await renter.getByTestId('notification-tabs').count()).toBe(0);
    await renter
      .getByTestId('notification')
      .filter({ hasText: `Уведомление: ${TITLE}` })
      .click();
    await renter.waitForURL(`**/notifications/notice/${noticeId}`);
    await renter.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await renter.getByTestId('notice-message').getByText('С 10:00 до 14:00 воды не будет.').waitFor();
    expect(await renter.getByTestId('notice-target').count()).toBe(0);

    const [download] = await Promise.all([renter.waitForEvent('download'), renter.getByTestId('notice-file').click()]);
    expect(download.suggestedFilename()).toBe('schedule.pdf');
    expect(await readFile((await download.path()) as string)).toEqual(PDF);
    await bell.getByTestId('bell-count').waitFor({ state: 'detached' });
  });

  it('the landlord writes to an employee picked by name: "Notification sent successfully", then who has read it', async () => {
    const page = ctx.page;
    await page.goto('/employee-notifications');
    await page.getByRole('button', { name: 'Новое уведомление' }).click();
    const form = page.getByTestId('employee-notice-form');
    await form.getByLabel('Текст').fill('Собрание в 10:00 в переговорной');
    await form.getByTestId('notice-recipients').fill('Нурлан');
    await page.getByRole('option', { name: /Нурлан Абенов/ }).click();
    await form.getByTestId('notice-recipients-chosen').getByText('Нурлан Абенов').waitFor();
    await form.getByRole('button', { name: 'Отправить' }).click();
    await page.getByTestId('toast').getByText('Уведомление успешно отправлено').waitFor();
    await page.waitForURL('**/employee-notifications/*');
    await page.getByTestId('notice-recipients-read').getByText('Нурлан Абенов').waitFor();
    await page.getByTestId('notice-recipients-read').getByText('Не прочитано').waitFor();
  });

  it('pages the employee notifications by 15 and exports them as .xlsx', async () => {
    const page = ctx.page;
    const headers = { authorization: `Bearer ${await apiToken(page, 'landlord')}` };
    const employees = (await (await page.request.get('/api/user/all?role=employee', { headers })).json()) as { id: string }[];
    for (let i = 0; i < 16; i += 1) {
      const res = await page.request.post('/api/employee-notifications', {
        headers,
        multipart: { message: `Планёрка №${i}`, 'recipients[0]': employees[0]?.id ?? '' },
      });
      expect(res.status(), await res.text()).toBe(201);
      employeeNoticeId = ((await res.json()) as { id: string }).id;
    }
    await page.goto('/employee-notifications');
    await page.getByRole('heading', { name: 'Уведомления сотрудникам', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('data-row').count()).toBe(15);
    await page.getByTestId('page-indicator').getByText('Страница 1 из 2').waitFor();
    await page.getByRole('button', { name: 'Вперёд' }).click();
    await page.waitForURL('**/employee-notifications?page=2');
    await expect.poll(() => page.getByTestId('data-row').count()).toBe(2);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Выгрузить в Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('employee-notifications.xlsx');
    const bytes = await readFile((await download.path()) as string);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it("offers the object's floors that have rooms and says how many tenants the notice reaches", async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    const token = await apiToken(page, 'landlord');
    const get = async (url: string) => (await page.request.get(url, { headers: { authorization: `Bearer ${token}` } })).json();
    const tenants = (n: number) =>
      `Получат: ${n} ${({ one: 'арендатор', few: 'арендатора' } as Record<string, string>)[new Intl.PluralRules('ru').select(n)] ?? 'арендаторов'}`;
    await page.goto('/notifications/renters/create');
    const form = page.getByTestId('renter-notice-form');
    const reach = form.getByTestId('notice-reach');
    const all = (await get('/api/notices/reach?target=all')).renters as number;
    await reach.getByText(tenants(all), { exact: true }).waitFor();

    await form.getByLabel('Арендаторы этажа объекта').check();
    await expect.poll(() => reach.textContent()).toBe('');
    await form.getByTestId('notice-object').selectOption({ index: 1 });
    const objectId = await form.getByTestId('notice-object').inputValue();
    const rooms = (await get(`/api/objects/${objectId}/rooms`)) as Array<{ floor: number }>;
    const floors = [...new Set(rooms.map((r) => r.floor))].sort((a, b) => a - b).map(String);
    const offered = () =>
      form
        .getByTestId('notice-floor')
        .locator('option')
        .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    await expect.poll(offered).toEqual(['', ...floors]);
    const floor = floors.at(-1) ?? '';
    await form.getByTestId('notice-floor').selectOption(floor);
    const onFloor = (await get(`/api/notices/reach?target=floor&object_id=${objectId}&floor=${floor}`)).renters as number;
    await reach.getByText(tenants(onFloor), { exact: true }).waitFor();
  });

  it('schedules a notice to a chosen tenant: a blank title, a past time and no tenant are said on the first submit, then "scheduled"', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    const token = await apiToken(page, 'landlord');
    const pickable = (await (await page.request.get('/api/user/all?role=renter', { headers: { authorization: `Bearer ${token}` } })).json()) as Array<{
      full_name: string;
    }>;
    const tenant = pickable[0]?.full_name ?? '';
    await page.goto('/notifications/renters/create');
    const form = page.getByTestId('renter-notice-form');
    await form.getByLabel('Заголовок').fill(LATER);
    await form.getByLabel('Текст').fill('Завтра с 9:00 уборка парковки.');
    await form.getByLabel('Выбранные арендаторы').check();
    await form.getByLabel('В выбранное время').check();
    const at = form.getByLabel('Дата и время (Алматы)');
    await at.fill(toAlmatyInput(Date.now() - 3_600_000));
    await form.getByLabel('Заголовок').fill('');
    await form.getByRole('button', { name: 'Отправить' }).click();
    // All on the first submit: a field's own rule, the rule between fields and the chosen tenants.
    await form.getByText('Выберите время в будущем').waitFor();
    await expect.poll(() => form.getByText('Обязательное поле').count()).toBe(2);
    expect(page.url()).toContain('/notifications/renters/create');

    await form.getByLabel('Заголовок').fill(LATER);
    await at.fill(toAlmatyInput(Date.now() + 24 * 3_600_000));

    await form.getByTestId('notice-renters').fill(tenant.slice(0, 5));
    await page.getByRole('option', { name: tenant }).first().click();
    await form.getByTestId('notice-renters-chosen').getByText(tenant).waitFor();
    await form.getByTestId('notice-reach').getByText('Получат: 1 арендатор', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Отправить' }).click();
    await page.getByTestId('toast').getByText('Уведомление запланировано').waitFor();
    await page.waitForURL('**/notifications/renters');
    await page.getByTestId('data-row').filter({ hasText: LATER }).getByText('Запланировано').waitFor();
  });

  it('the compose form and the notice fit a 390 px phone', async () => {
    const landlord = await newPage(ctx.h.browser, ctx.h.baseUrl, true);
    await signIn(landlord, 'landlord');
    await landlord.goto('/notifications/renters/create');
    const form = landlord.getByTestId('renter-notice-form');
    await form.getByLabel('Арендаторы этажа объекта').check();
    await form.getByTestId('notice-object').selectOption({ index: 1 });
    await form.getByTestId('notice-floor').locator('option').nth(1).waitFor({ state: 'attached' });
    await form.getByTestId('notice-floor').selectOption({ index: 1 });
    await form
      .getByTestId('notice-reach')
      .getByText(/^Получат: \d+ /)
      .waitFor();
    await fits(landlord);
    await form.getByLabel('Выбранные арендаторы').check();
    await form.getByLabel('В выбранное время').check();
    await form.getByLabel('Дата и время (Алматы)').waitFor();
    await fits(landlord);
    expect(await seriousViolations(landlord)).toEqual([]);
    await landlord.goto('/employee-notifications/create');
    await landlord.getByTestId('employee-notice-form').getByLabel('Текст').waitFor();
    await fits(landlord);
    await landlord.goto(`/employee-notifications/${employeeNoticeId}`);
    await landlord.getByTestId('notice-recipients-read').waitFor();
    await fits(landlord);

    const phone = await newPage(ctx.h.browser, ctx.h.baseUrl, true);
    await signIn(phone, 'renter');
    await phone.goto(`/notifications/notice/${noticeId}`);
    await phone.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    await fits(phone);
    expect(await seriousViolations(phone)).toEqual([]);
  });
});
