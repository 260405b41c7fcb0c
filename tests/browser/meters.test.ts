import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { almatyToday } from '#/shared/almaty';
import { Harness } from '../support/api-harness';
import { signIn, useBrowser } from '../support/browser';
import { PNG } from '../support/requests';

const PHONE = { width: 390, height: 844 };
const REASON = 'Цифры на фото не видны';

/** No sideways scroll: the window and the document both stay at the phone's 390 px. */
async function expectFits(page: Page, where: string) {
  const [inner, scroll] = await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
  expect(inner, `${where}: window width`).toBe(PHONE.width);
  expect(scroll, `${where}: document width`).toBeLessThanOrEqual(PHONE.width);
}

/** The serious and critical violations axe finds on the page as it is now (as tests/browser/axe.test.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

// Staff add a meter to the tenant's unit; the tenant, on a 390 px phone, submits both its meters' readings
// with a photo of the dial; staff accept one and return the other with a reason; the tenant sees the reason,
// submits it again, staff accept it, and the month's billing run puts both meters on the tenant's invoice.
// The window is set to the 1st–31st: every day of any month.
describe('meters in Chromium', () => {
  const ctx = useBrowser({ pagePerTest: false });
  const stamp = Date.now().toString(36).toUpperCase();
  const serials = { electricity: `E-${stamp}`, water: `W-${stamp}` };
  const readings: Record<'electricity' | 'water', string> = { electricity: '', water: '' };

  /** The tenant's phone: its own context, as a phone sizes its layout. */
  const phone = async () => {
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, 'renter');
    return page;
  };

  it('staff open the window and add a meter to the tenant’s unit through the form', async () => {
    const api = new Harness('pglite');
    api.baseUrl = ctx.h.baseUrl;
    const token = await api.login('landlord');
    const settings = await api.api('/meters/settings', { token, method: 'PUT', body: { window_from: 1, window_to: 31, share_common: false } });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const room = (await api.api('/renters/me', { token: await api.login('renter') })).body.room as {
      id: string;
      number: string;
      object_id: string;
      object_name: string;
    };
    // The water meter through the API, the electricity one as staff add it.
    const water = await api.api('/meters', {
      token,
      body: { object_id: room.object_id, room_id: room.id, type: 'cold_water', serial: serials.water, installed_on: almatyToday(), initial_reading: '10' },
    });
    expect(water.status, JSON.stringify(water.body)).toBe(201);

    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.getByTestId('nav-meters').click();
    await page.getByRole('heading', { name: 'Приборы учёта', level: 1 }).waitFor();
    await page.getByTestId('meters-add').click();
    const dialog = page.getByTestId('meter-dialog');
    await dialog.getByTestId('meter-object').selectOption({ label: room.object_name });
    await dialog.getByTestId('meter-room').selectOption({ label: `Помещение № ${room.number}` });
    await dialog.getByTestId('meter-type').selectOption({ label: 'Электроэнергия' });
    await dialog.getByLabel('Начальное показание').fill('12,5.5');
    await dialog.getByRole('button', { name: 'Добавить' }).click();
    await dialog.getByText('Обязательное поле').waitFor();
    await dialog.getByText('Число, не более трёх знаков после запятой, например 12345,678').waitFor();
    await dialog.getByLabel('Заводской номер').fill(serials.electricity);
    await dialog.getByLabel('Начальное показание').fill('1000');
    await dialog.getByRole('button', { name: 'Добавить' }).click();
    await page.getByTestId('toast').getByText('Прибор учёта добавлен').waitFor();
    await page.getByRole('heading', { name: `Прибор учёта № ${serials.electricity}`, level: 1 }).waitFor();
    expect(await page.getByTestId('meter-where').textContent()).toBe(`${room.object_name}, Помещение № ${room.number}`);
    expect(await page.getByTestId('meter-initial_reading').textContent()).toBe('1\u00a0000 кВт·ч');
  });

  it('the tenant on a 390 px phone submits both readings with a photo of the dial', async () => {
    const page = await phone();
    await page.goto('/meters');
    await page.getByRole('heading', { name: 'Мои приборы учёта', level: 1 }).waitFor();
    const card = (serial: string) => page.getByTestId('meter-card').filter({ hasText: serial });
    await card(serials.electricity)
      .getByText(/^Показания за .+ принимаются до \d\d\.\d\d\.\d{4}$/)
      .waitFor();
    await expectFits(page, 'its meters');
    expect(await seriousViolations(page)).toEqual([]);

    for (const [kind, serial, value] of [
      ['electricity', serials.electricity, '1234,5'],
      ['water', serials.water, '15'],
    ] as const) {
      await page.goto('/meters');
      await card(serial).getByRole('button', { name: 'Передать показания' }).click();
      const form = page.getByTestId('reading-submit');
      await page.getByRole('heading', { name: 'Передать показания', level: 1 }).waitFor();
      expect(await form.getByTestId('reading-meter').locator('option:checked').textContent()).toContain(serial);
      // The phone opens its back camera for the photo.
      const photo = form.getByTestId('reading-photo-input');
      expect(await photo.getAttribute('capture')).toBe('environment');
      expect(await photo.getAttribute('accept')).toBe('image/*');
      await form.getByTestId('reading-value').fill(value);
      await form.getByRole('button', { name: 'Отправить' }).click();
      await form.getByText('Приложите фото табло').waitFor();
      await photo.setInputFiles({ name: 'dial.png', mimeType: 'image/png', buffer: PNG });
      await form.getByTestId('reading-photo-preview').waitFor();
      await expectFits(page, `the form of ${kind}`);
      await form.getByRole('button', { name: 'Отправить' }).click();
      await page.waitForURL(/\/meter-readings\/[0-9a-f-]{36}$/);
      readings[kind] = new URL(page.url()).pathname;
      await page.getByTestId('toast').getByText('Показание передано, его проверят').waitFor();
      const view = page.getByTestId('reading-view');
      await view.getByTestId('reading-status').getByText('Передано').waitFor();
      await view.getByTestId('reading-photo').waitFor();
      await expectFits(page, `the reading of ${kind}`);
    }
    expect(await page.getByTestId('reading-view').getByTestId('reading-value').textContent()).toBe('15 м³');
    await page.context().close();
  });

  it('staff accept one reading from the month’s sheet and return the other with a reason', async () => {
    const page = ctx.page;
    await page.goto('/meter-readings');
    await page.getByRole('heading', { name: 'Показания', level: 1 }).waitFor();
    await page.getByRole('link', { name: `Электроэнергия № ${serials.electricity}` }).click();
    const view = page.getByTestId('reading-view');
    await view.getByTestId('reading-status').getByText('Передано').waitFor();
    expect(await view.getByTestId('reading-previous').textContent()).toBe('1\u00a0000 кВт·ч');
    expect(await view.getByTestId('reading-consumption').textContent()).toBe('234,5 кВт·ч');
    await view.getByTestId('action-accept').click();
    await page.getByTestId('toast').getByText('Показание принято').waitFor();
    await view.getByTestId('reading-status').getByText('Принято').waitFor();

    await page.goto('/meter-readings?type=cold_water');
    await page.getByRole('link', { name: `Холодная вода № ${serials.water}` }).click();
    await view.getByTestId('reading-status').getByText('Передано').waitFor();
    await view.getByTestId('action-return').click();
    const dialog = page.getByTestId('reading-return-dialog');
    await dialog.getByRole('button', { name: 'Вернуть' }).click();
    await dialog.getByText('Укажите причину возврата').waitFor();
    await dialog.getByLabel('Причина').fill(REASON);
    await dialog.getByRole('button', { name: 'Вернуть' }).click();
    await page.getByTestId('toast').getByText('Показание возвращено').waitFor();
    await view.getByTestId('reading-status').getByText('Возвращено').waitFor();
    expect(await view.getByTestId('reading-return_reason').textContent()).toBe(REASON);
    expect(await view.getByTestId('reading-actions').count()).toBe(0);
  });

  it('the tenant sees the reason on its phone: in the inbox, on the reading, and on the form it submits again', async () => {
    const page = await phone();
    await page.goto('/notifications');
    await page.getByText(new RegExp(`№ ${serials.water} за .+ возвращено: ${REASON}$`)).waitFor();
    await page.goto(readings.water);
    const view = page.getByTestId('reading-view');
    await view.getByTestId('reading-status').getByText('Возвращено').waitFor();
    expect(await view.getByTestId('reading-return_reason').textContent()).toBe(REASON);
    expect(await seriousViolations(page)).toEqual([]);
    await view.getByTestId('action-resubmit').click();
    await page.getByTestId('reading-returned').getByText(`Показание возвращено: ${REASON}`).waitFor();
    await expectFits(page, 'the form again');
    expect(await seriousViolations(page)).toEqual([]);
    // The accepted one needs nothing more this month.
    await page.goto('/meters');
    const electricity = page.getByTestId('meter-card').filter({ hasText: serials.electricity });
    await electricity.getByTestId('reading-status').getByText('Принято').waitFor();
    expect(await electricity.getByRole('button', { name: 'Передать показания' }).count()).toBe(0);
    await page.context().close();
  });

  it('staff set the window and a tariff in Settings, replace a meter, and read the month’s consumption in the reports', async () => {
    const api = new Harness('pglite');
    api.baseUrl = ctx.h.baseUrl;
    const token = await api.login('landlord');
    const room = (await api.api('/renters/me', { token: await api.login('renter') })).body.room as { id: string; object_id: string };
    const gas = await api.api('/meters', {
      token,
      body: { object_id: room.object_id, room_id: room.id, type: 'gas', serial: `G-${stamp}`, installed_on: '2026-01-01', initial_reading: '5' },
    });
    expect(gas.status, JSON.stringify(gas.body)).toBe(201);

    const page = ctx.page;
    await page.goto('/settings');
    const settings = page.getByTestId('meter-settings');
    await settings.getByLabel('по какое число').fill('32');
    await settings.getByTestId('meter-settings-save').click();
    await settings.getByText('Число месяца от 1 до 31').waitFor();
    // To the month's end, whatever its length: the tenant submits again below, on any day.
    await settings.getByLabel('по какое число').fill('31');
    await settings.getByTestId('meter-settings-save').click();
    await page.getByTestId('toast').getByText('Настройки приборов учёта сохранены').waitFor();
    expect((await api.api('/meters/settings', { token })).body).toEqual({ window_from: 1, window_to: 31, share_common: false });
    const tariffs = page.getByTestId('meter-tariffs');
    await tariffs.getByTestId('tariff-type').selectOption({ label: 'Газ' });
    await tariffs.getByTestId('tariff-price').fill('31,25');
    await tariffs.getByTestId('tariff-add').click();
    await page.getByTestId('toast').getByText('Тариф добавлен').waitFor();
    await tariffs.getByText('31,25 ₸ / м³').waitFor();

    await page.goto(`/meters/${gas.body.id}`);
    await page.getByTestId('meter-replace').click();
    const dialog = page.getByTestId('meter-replace-dialog');
    await dialog.getByLabel('Последнее показание старого прибора').fill('50,5');
    await dialog.getByLabel('Номер нового прибора').fill(`G2-${stamp}`);
    await dialog.getByRole('button', { name: 'Заменить' }).click();
    await page.getByTestId('toast').getByText('Прибор учёта заменён').waitFor();
    await page.getByRole('heading', { name: `Прибор учёта № G2-${stamp}`, level: 1 }).waitFor();
    await page
      .getByTestId('meter-replaces')
      .getByRole('link', { name: `№ G-${stamp}` })
      .click();
    await page.getByRole('heading', { name: `Прибор учёта № G-${stamp}`, level: 1 }).waitFor();
    expect(await page.getByTestId('meter-final_reading').textContent()).toBe('50,5 м³');
    expect(await page.getByTestId('meter-replace').count()).toBe(0);

    await page.goto('/reports?report=meters');
    await page.getByTestId('report-tab-meters').waitFor();
    const grid = page.getByTestId('consumption-grid');
    await grid.waitFor();
    expect(await grid.getByTestId('consumption-row').count()).toBe(12);
    expect(await grid.getByTestId('consumption-row').last().locator('td').first().textContent()).toBe('234,5');
    await page.getByTestId('report-chart').waitFor();
  });

  it('the tenant submits the returned reading again, staff accept it, and the month’s run puts both meters on its invoice', async () => {
    const api = new Harness('pglite');
    api.baseUrl = ctx.h.baseUrl;
    const token = await api.login('landlord');
    const month = `${almatyToday().slice(0, 7)}-01`;
    for (const [type, price] of [
      ['electricity', '25.5'],
      ['cold_water', '150'],
    ] as const) {
      const tariff = await api.api('/meter-tariffs', { token, body: { type, starts_on: month, price } });
      expect(tariff.status, JSON.stringify(tariff.body)).toBe(201);
    }

    const phonePage = await phone();
    await phonePage.goto(readings.water);
    await phonePage.getByTestId('reading-view').getByTestId('action-resubmit').click();
    const form = phonePage.getByTestId('reading-submit');
    await form.getByTestId('reading-value').fill('16');
    await form.getByTestId('reading-photo-input').setInputFiles({ name: 'dial.png', mimeType: 'image/png', buffer: PNG });
    await form.getByTestId('reading-photo-preview').waitFor();
    await form.getByRole('button', { name: 'Отправить' }).click();
    await phonePage.waitForURL(`**${readings.water}`);
    await phonePage.getByTestId('reading-view').getByTestId('reading-status').getByText('Передано').waitFor();

    const page = ctx.page;
    await page.goto(readings.water);
    const view = page.getByTestId('reading-view');
    await view.getByTestId('reading-status').getByText('Передано').waitFor();
    await view.getByTestId('action-accept').click();
    await view.getByTestId('reading-status').getByText('Принято').waitFor();

    // The month's preview names each meter's line; the run posts them with the rent.
    await page.goto('/invoices/run');
    await page.getByRole('heading', { name: 'Начисления за месяц', level: 1 }).waitFor();
    await page.getByText(`Электроэнергия № ${serials.electricity}`).waitFor();
    await page.getByText(`Холодная вода № ${serials.water}`).waitFor();
    await page.getByTestId('billing-run-submit').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Начислить и выставить счета' }).click();
    await page
      .getByTestId('toast')
      .getByText(/^Начислено строк: \d+, выставлено счетов: \d+$/)
      .waitFor();

    // The tenant's invoice of the month, on its phone: a line per meter with its readings, consumption and tariff.
    const renterToken = await api.login('renter');
    const mine = (await api.api(`/invoices?period=${month}`, { token: renterToken })).body.data as { id: string }[];
    expect(mine).toHaveLength(1);
    await phonePage.goto(`/invoices/${mine[0]?.id}`);
    const invoice = phonePage.getByTestId('invoice-view');
    await invoice.getByText(`Коммунальные услуги: Электроэнергия, счётчик № ${serials.electricity}: 1\u00a0000 → 1\u00a0234,5 = 234,5 кВт·ч × 25,50`).waitFor();
    await invoice.getByText(`Коммунальные услуги: Холодная вода, счётчик № ${serials.water}: 10 → 16 = 6 м³ × 150,00`).waitFor();
    await expectFits(phonePage, 'the invoice with its meters');
    await phonePage.context().close();
  });

  it('staff correct a meter’s place, delete one entered by mistake, and turn on sharing the common area', async () => {
    const api = new Harness('pglite');
    api.baseUrl = ctx.h.baseUrl;
    const token = await api.login('landlord');
    const room = (await api.api('/renters/me', { token: await api.login('renter') })).body.room as { id: string; object_id: string };
    const heat = await api.api('/meters', {
      token,
      body: { object_id: room.object_id, room_id: room.id, type: 'heat', serial: `H-${stamp}`, installed_on: '2026-01-01', initial_reading: '0' },
    });
    expect(heat.status, JSON.stringify(heat.body)).toBe(201);

    const page = ctx.page;
    await page.goto(`/meters/${heat.body.id}`);
    await page.getByTestId('meter-edit').click();
    const dialog = page.getByTestId('meter-edit-dialog');
    await dialog.getByLabel('Место установки').fill('Щитовая, 2 этаж');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('toast').getByText('Прибор учёта сохранён').waitFor();
    await page.getByTestId('meter-view').getByText('Щитовая, 2 этаж').waitFor();
    expect((await api.api(`/meters/${heat.body.id}`, { token })).body.place).toBe('Щитовая, 2 этаж');

    // Without a reading it may go: asked first, then back to the register, and gone from it.
    await page.getByTestId('meter-delete').click();
    await page.getByTestId('confirm-dialog').getByText(`Удалить прибор учёта № H-${stamp}?`, { exact: false }).waitFor();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Да' }).click();
    await page.getByTestId('toast').getByText('Прибор учёта удалён').waitFor();
    await page.waitForURL(/\/meters$/);
    expect((await api.api(`/meters/${heat.body.id}`, { token })).status).toBe(404);

    await page.goto('/settings');
    const settings = page.getByTestId('meter-settings');
    await settings.getByLabel('Распределять расход мест общего пользования', { exact: false }).check();
    await settings.getByTestId('meter-settings-save').click();
    await page.getByTestId('toast').getByText('Настройки приборов учёта сохранены').waitFor();
    expect((await api.api('/meters/settings', { token })).body.share_common).toBe(true);
    await api.api('/meters/settings', { token, method: 'PUT', body: { window_from: 1, window_to: 31, share_common: false } });
  });
});
