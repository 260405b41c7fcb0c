import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '#/shared/kz-ids';
import { signIn, useBrowser } from '../support/browser';

const bin = withCheckDigit('19040140003') as string;
const wrongBin = bin.slice(0, 11) + String((Number(bin[11]) + 1) % 10);
const binError = 'Неверный ИИН/БИН: 12 цифр с верной контрольной цифрой';

// The landlord registers a renter (the form refuses a bad BIN first, the failure texts and
// success), finds it, opens its card and edits it.
describe('renters register in Chromium', () => {
  const ctx = useBrowser({ pagePerTest: false });

  it('registers a renter, refusing a wrong BIN and a failed call first, and finds it by search', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.getByTestId('nav-renters').click();
    await page.getByRole('heading', { name: 'Арендаторы', level: 1 }).waitFor();
    await page.getByTestId('data-row').filter({ hasText: 'ИП «Dana Fashion»' }).getByText('ТРЦ «Mega Center», помещение №101').waitFor();
    await expect.poll(() => page.getByTestId('data-row').count()).toBe(1);
    await page.getByRole('button', { name: 'Добавить' }).click();

    const form = page.getByTestId('renter-form');
    await form.getByRole('heading', { name: 'Регистрация арендатора', level: 1 }).waitFor();
    const label = (text: string) => form.getByLabel(text, { exact: true });
    await label('Наименование ЮЛ / ИП').fill('ТОО «Техно Маркет»');
    await label('БИН / ИИН').fill(wrongBin);
    await label('Название торговой точки').fill('Техно');
    await label('Категория торговли').fill('Электроника');
    await label('Помещение').selectOption({ label: 'Помещение №102 · 1 этаж · 55,5 м²' });
    await label('Дата договора аренды').fill('2026-03-01');
    await label('Торговая площадь, м²').fill('48,5');
    await label('ФИО контактного лица').fill('Айдар Серикбаев');
    await label('Должность контактного лица').fill('Директор');
    const phone = label('Телефон');
    expect(await phone.getAttribute('placeholder')).toBe('+77');
    await phone.click();
    await phone.pressSequentially('7071234567'); // as people type it: the mask shows +7 already
    expect(await phone.inputValue()).toBe('+77071234567');
    await label('Email').fill('techno@example.kz');
    await label('Instagram').fill('@techno.kz');
    await label('Сайт').fill('https://techno.kz');
    await label('Юридический адрес').fill('Алматы, ул. Абая, 10');
    await label('Логин').fill('techno');
    await form.getByRole('button', { name: 'Сохранить' }).click();

    // The error sits beside its field, and nothing was sent.
    const binInput = label('БИН / ИИН');
    await form.getByText(binError).waitFor();
    expect(await binInput.getAttribute('aria-invalid')).toBe('true');
    const errorId = (await binInput.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe(binError);
    await binInput.fill(bin);

    // A taken login: the server's field message beside the field, said once.
    await label('Логин').fill('renter2');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.getByText('Такой логин уже занят').waitFor();
    expect(await form.getByText('Такой логин уже занят').count()).toBe(1);
    expect(await form.getByTestId('form-message').count()).toBe(0);
    expect(await label('Логин').getAttribute('aria-invalid')).toBe('true');
    await label('Логин').fill('techno');

    // A call that fails without field errors: the generic failure message.
    await page.route('**/api/renters', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.getByTestId('form-message').getByText('Ошибка при создании арендатора').waitFor();
    await page.unroute('**/api/renters');

    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL('**/renters');
    await page.getByTestId('toast').getByText('Арендатор успешно зарегистрирован').waitFor();

    await page.getByLabel('Поиск').fill('техно');
    await page.waitForURL(/search=/);
    const row = page.getByTestId('data-row').filter({ hasText: 'ТОО «Техно Маркет»' });
    await row.waitFor();
    // The new renter is on the unfiltered list too: wait for the search's answer to replace it.
    await expect.poll(() => page.getByTestId('data-row').count()).toBe(1);
    // At a laptop's width the BIN is in the row's details.
    expect(await row.textContent()).toContain(bin);
    expect(await row.textContent()).toContain('ТРЦ «Mega Center», помещение №102');
    expect(await row.textContent()).toContain('+77071234567');
  });

  it('opens the renter card with every field, edits it, and the view shows the change', async () => {
    const page = ctx.page;
    await page.getByRole('link', { name: 'ТОО «Техно Маркет»' }).click();
    await page.waitForURL(/\/renters\/view\//);
    const view = page.getByTestId('renter-view');
    await view.getByRole('heading', { name: 'ТОО «Техно Маркет»' }).waitFor();
    const field = (name: string) =>
      view
        .getByTestId('renter-field')
        .filter({ has: page.getByText(name, { exact: true }) })
        .locator('dd');
    expect(await field('БИН / ИИН').textContent()).toBe(bin);
    expect(await field('Название торговой точки').textContent()).toBe('Техно');
    expect(await field('Объект').textContent()).toBe('ТРЦ «Mega Center»');
    expect(await field('Номер помещения').textContent()).toBe('102');
    expect(await field('Этаж').textContent()).toBe('1');
    expect(await field('Торговая площадь, м²').textContent()).toBe('48,5');
    expect(await field('Дата договора аренды').textContent()).toBe('01.03.2026');
    expect(await field('Instagram').textContent()).toBe('@techno.kz');
    expect(await field('Сайт').textContent()).toBe('https://techno.kz');
    expect(await field('Логин').textContent()).toBe('techno');

    await view.getByRole('button', { name: 'Изменить' }).click();
    await page.waitForURL(/\/renters\/update\//);
    const form = page.getByTestId('renter-form');
    const tradePoint = form.getByLabel('Название торговой точки', { exact: true });
    expect(await tradePoint.inputValue()).toBe('Техно');
    expect(await form.getByLabel('Помещение', { exact: true }).inputValue()).not.toBe('');
    await tradePoint.fill('Техно Плюс');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(/\/renters\/view\//);
    await page.getByTestId('toast').getByText('Изменения сохранены').waitFor();
    await view.getByText('Техно Плюс', { exact: true }).waitFor();
    expect(await field('Название торговой точки').textContent()).toBe('Техно Плюс');
    expect(await field('Номер помещения').textContent()).toBe('102');
  });
});
