import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';
import { PNG } from '../support/requests';

const PHONE = { width: 390, height: 844 };

/**
 * A phone's page: with `isMobile` Chromium widens its layout viewport to fit wide content (as a phone
 * does), so both the window's width and the document's must stay at 390 for the page to fit.
 */
async function phonePage(baseURL: string, browser: ReturnType<typeof useBrowser>['h']['browser']) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

async function expectFits(page: Page, where: string) {
  const [inner, scroll] = await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
  expect(inner, `${where}: window width`).toBe(PHONE.width);
  expect(scroll, `${where}: document width`).toBeLessThanOrEqual(PHONE.width);
}

/** The phone's frame: no sidebar, a menu button in the top bar, logout within reach. */
async function expectPhoneShell(page: Page, where: string) {
  await expectFits(page, where);
  expect(await page.getByTestId('sidebar').isVisible(), `${where}: sidebar`).toBe(false);
  expect(await page.getByTestId('menu-button').isVisible(), `${where}: menu button`).toBe(true);
  expect(await page.getByTestId('topbar').getByTestId('logout').isVisible(), `${where}: logout`).toBe(true);
}

/** axe finds nothing serious or critical (a phone's layout must not cost anyone the page). */
async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
  expect(serious, where).toEqual([]);
}

/** Opens the drawer and follows one of its links. */
async function navigate(page: Page, key: string) {
  await page.getByRole('button', { name: 'Меню' }).click();
  await page.getByTestId('drawer').getByTestId(`nav-${key}`).click();
  await page.getByTestId('drawer').waitFor({ state: 'detached' });
}

async function apiToken(request: APIRequestContext, username: string) {
  const res = await request.post('/api/auth/login', { data: { username, password: 'demo1234' } });
  return ((await res.json()) as { token: string }).token;
}

describe('the product on a 390 px phone', () => {
  const ctx = useBrowser({ pagePerTest: false });
  let page: Page;
  let number = 0;
  let viewUrl = '';

  it('the renter signs in to Home, which fits the phone, with the navigation in a drawer', async () => {
    page = await phonePage(ctx.h.baseUrl, ctx.h.browser);
    await page.goto('/auth');
    await expectFits(page, 'sign-in');
    await signIn(page, 'renter');
    await page.getByRole('heading', { name: 'Главная', level: 1 }).waitFor();
    await expectPhoneShell(page, 'home');
    // The tiles speak to the tenant, not about tenants.
    await page.getByTestId('tile-applications').getByText('Ваши заявки: отправить, следить за статусом, подтвердить работу').waitFor();

    // While the drawer is open the page under it is hidden from assistive technology, so the button
    // is found by its test id there.
    const menu = page.getByTestId('menu-button');
    expect(await page.getByRole('button', { name: 'Меню' }).getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Меню' });
    await drawer.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    // The drawer holds the role's navigation, the language and the user; every link is a finger's size.
    const links = drawer.getByRole('navigation', { name: 'Меню' }).getByRole('link');
    expect(await links.count()).toBeGreaterThan(2);
    for (const box of await links.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height))) expect(box).toBeGreaterThanOrEqual(44);
    await drawer.getByTestId('language-switch').waitFor();
    await drawer.getByText('Дана Жумабекова').waitFor();
    await expectFits(page, 'drawer open');
    await expectAccessible(page, 'drawer open');
    // The focus stays inside while it is open.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="drawer"]')))).toBe(true);
    }
    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);

    for (const box of await page
      .getByTestId('home')
      .getByRole('link')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()))) {
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.right).toBeLessThanOrEqual(PHONE.width);
    }
  });

  it('sends a request with a photo from the phone, full width, and lands on its card', async () => {
    await navigate(page, 'requests');
    await page.getByRole('heading', { name: 'Журнал заявок', level: 1 }).waitFor();
    await expectPhoneShell(page, 'journal');
    await page.getByRole('button', { name: 'Новая заявка' }).click();
    await page.getByText('Выберите тип заявки').waitFor();
    await expectPhoneShell(page, 'request types');
    await page.getByTestId('request-type-tile').first().click();

    const form = page.getByTestId('request-form');
    await form.getByLabel('Описание').waitFor();
    await expectPhoneShell(page, 'request form');
    await expectAccessible(page, 'request form');
    // The phone offers its camera and its gallery: an image picker, and one that opens the camera.
    const photo = form.getByLabel('Фото', { exact: true });
    expect(await photo.getAttribute('accept')).toBe('image/*');
    const camera = form.getByLabel('Открыть камеру');
    expect(await camera.getAttribute('capture')).toBe('environment');
    // Fields and the send button span the form.
    const formWidth = (await form.locator('form').boundingBox())?.width ?? 0;
    const send = form.getByRole('button', { name: 'Отправить' });
    expect((await send.boundingBox())?.width).toBe(formWidth);
    expect((await form.getByLabel('Описание').boundingBox())?.width).toBe(formWidth);
    expect((await send.boundingBox())?.height).toBeGreaterThanOrEqual(44);

    await form.getByLabel('Описание').fill('Протекает потолок у примерочной');
    await camera.setInputFiles({ name: 'leak.png', mimeType: 'image/png', buffer: PNG });
    await form.getByText('leak.png').waitFor();
    // The shot shows itself before it is sent.
    const preview = form.getByTestId('file-preview');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expectFits(page, 'photo chosen');
    await send.click();

    await page.waitForURL(/\/requests-journal\/view\/[0-9a-f-]{36}$/);
    viewUrl = new URL(page.url()).pathname;
    const toast = page
      .getByTestId('toast')
      .getByText(/^Заявка №\d+ отправлена$/)
      .first();
    number = Number(/№(\d+)/.exec((await toast.textContent()) ?? '')?.[1]);
    expect(number).toBeGreaterThan(0);
    await page.getByTestId('request-status').getByText('Новая').waitFor();
    expect(await page.getByTestId('request-photos-list').getByTestId('request-file').count()).toBe(1);
    await expectPhoneShell(page, 'request view');
  });

  it('finds the request in the journal and opens it again', async () => {
    await navigate(page, 'requests');
    const link = page.getByTestId('request-link').getByText(`№${number}`, { exact: true });
    await link.waitFor();
    await expectPhoneShell(page, 'journal with the request');
    // The card's title is a target a finger finds: 32 px high, not its line of text.
    expect((await page.getByTestId('request-link').first().boundingBox())?.height).toBeGreaterThanOrEqual(32);
    await link.click();
    await page.waitForURL(`**${viewUrl}`);
    await page.getByTestId('request-status').getByText('Новая').waitFor();
    await expectPhoneShell(page, 'request view again');
  });

  it('confirms the work once the employee has done it', async () => {
    // The employee's part is the desktop journal's (requests.test.ts); here it goes through the API.
    const id = viewUrl.split('/').pop() as string;
    const token = await apiToken(page.request, 'employee');
    const headers = { authorization: `Bearer ${token}` };
    const take = await page.request.post(`/api/requests/${id}/transitions`, { headers, data: { event: 'request.take' } });
    expect(take.status(), await take.text()).toBe(200);
    const report = await page.request.post(`/api/requests/${id}/files`, {
      headers,
      multipart: { kind: 'report', file: { name: 'report.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(report.status()).toBe(201);
    expect((await page.request.post(`/api/requests/${id}/transitions`, { headers, data: { event: 'request.complete' } })).status()).toBe(200);

    await page.reload();
    await page.getByTestId('request-status').getByText('Выполнена').waitFor();
    await expectPhoneShell(page, 'done request');
    const confirm = page.getByTestId('request-actions').getByRole('button', { name: 'Подтвердить' });
    expect((await confirm.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await confirm.click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Заявка: Закрыта' });
    await toast.waitFor();
    // Toasts stand at the bottom, clear of the top bar and its logout, within the screen.
    const [t, logout] = [await toast.boundingBox(), await page.getByTestId('topbar').getByTestId('logout').boundingBox()];
    if (!t || !logout) throw new Error('toast or logout not laid out');
    expect(t.y).toBeGreaterThan(logout.y + logout.height);
    expect(t.y + t.height).toBeLessThanOrEqual(PHONE.height);
    expect(t.x + t.width).toBeLessThanOrEqual(PHONE.width);
    await page.getByTestId('request-status').getByText('Закрыта').waitFor();
    await expectPhoneShell(page, 'closed request');
  });

  it('opens the renter’s tasks and profile from the drawer, fitting the phone', async () => {
    // A task given to the renter (by the employee, through the API), with a long description.
    const renterToken = await apiToken(page.request, 'renter');
    const me = (await (await page.request.get('/api/user', { headers: { authorization: `Bearer ${renterToken}` } })).json()) as { id: string };
    const employee = { authorization: `Bearer ${await apiToken(page.request, 'employee')}` };
    const deadline = new Date(Date.now() + 48 * 3_600_000).toISOString();
    const description = 'Подготовить витрину к осенней коллекции, убрать старые ценники и проверить подсветку'.repeat(2);
    const created = await page.request.post('/api/tasks', {
      headers: employee,
      data: { title: 'Обновить витрину магазина к выходным', description, executor_user_id: me.id, deadline_at: deadline },
    });
    expect(created.status(), await created.text()).toBe(201);

    await navigate(page, 'tasks');
    await page.getByRole('heading', { name: 'Задачи', level: 1 }).waitFor();
    const task = page.getByTestId('task-link').filter({ hasText: 'Обновить витрину магазина к выходным' });
    await task.waitFor();
    await expectPhoneShell(page, 'tasks');
    await task.click();
    await page.getByRole('heading', { name: /Обновить витрину/, level: 1 }).waitFor();
    await expectPhoneShell(page, 'task view');
    await navigate(page, 'profile');
    await page.getByTestId('profile').getByText('renter@example.kz', { exact: true }).waitFor();
    await expectPhoneShell(page, 'profile');
  });

  it('fits the landlord’s Home and its drawer on the phone too', async () => {
    const landlord = await phonePage(ctx.h.baseUrl, ctx.h.browser);
    await signIn(landlord, 'landlord');
    await landlord.getByRole('heading', { name: 'Главная', level: 1 }).waitFor();
    await expectPhoneShell(landlord, 'landlord home');
    await landlord.getByRole('button', { name: 'Меню' }).click();
    await landlord.getByTestId('drawer').getByTestId('nav-renters').waitFor();
    await expectFits(landlord, 'landlord drawer');

    // A centre's form: the logo's row wraps (its remove button within reach), and its type shows at once.
    const token = await apiToken(landlord.request, 'landlord');
    const objects = (await (await landlord.request.get('/api/objects', { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: Array<{ id: string; logo_url: string | null }>;
    };
    const centre = objects.data.find((o) => o.logo_url) ?? objects.data[0];
    await landlord.goto(`/objects/${centre?.id}`);
    await landlord.getByTestId('logo-field').waitFor();
    await expect.poll(() => landlord.getByLabel('Тип', { exact: true }).locator('option:checked').textContent()).not.toBe('Выберите тип');
    await expectFits(landlord, 'centre form');
    await landlord.goto('/objects/create');
    await landlord.getByTestId('logo-field').waitFor();
    await expectFits(landlord, 'new centre form');
    await landlord.context().close();
  });

  it('fits the public pages: landing, tenants, terms, privacy, the test page', async () => {
    const guest = await phonePage(ctx.h.baseUrl, ctx.h.browser);
    for (const url of ['/', '/tenants', '/terms-of-service', '/privacy-policy', '/test', '/no-such-page']) {
      await guest.goto(url);
      await guest.getByRole('heading', { level: 1 }).first().waitFor();
      await expectFits(guest, url);
    }
    await guest.context().close();
  });

  it('fits the statecharts viewer of the superadmin, its event buttons wrapping', async () => {
    const admin = await phonePage(ctx.h.baseUrl, ctx.h.browser);
    await signIn(admin, 'superadmin');
    await admin.goto('/statecharts');
    await admin.getByTestId('statechart-event').first().waitFor();
    await expectFits(admin, 'statecharts');
    await admin.context().close();
  });
});
