import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';
import { PDF } from '../support/requests';

// Issue 5: a visitor fills in the public questionnaire from the landlord's link; the landlord takes
// it into process, puts it on the waiting list, then makes a renter of it from the prefilled form.
describe('waiting list in Chromium', () => {
  const ctx = useBrowser({ pagePerTest: false });
  let link = '';

  it('the landlord gets the questionnaire link of an object, and /tenants lists the centre', async () => {
    const page = ctx.page;
    // Before any link exists, /tenants says so (its empty state); the demo's centres have theirs,
    // so no link is the server's answer here.
    await page.route('**/api/public/tenants**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
    await page.goto('/tenants');
    await page.getByText('Пока нет торговых центров с анкетой').waitFor();
    await page.getByTestId('tenants-empty').getByText('в разделе «Объекты» кнопкой «Ссылка на анкету»').waitFor();
    await page.unroute('**/api/public/tenants**');
    await signIn(page, 'landlord');
    await page.goto('/objects');
    const row = page.getByTestId('data-row').first();
    const objectName = (await row.getByRole('link').first().textContent()) ?? '';
    await row.getByRole('button', { name: 'Ссылка на анкету' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Ссылка на анкету скопирована' });
    await toast.waitFor();
    link = /https?:\/\/\S+application-form\?l=[0-9a-f-]{36}/.exec((await toast.textContent()) ?? '')?.[0] ?? '';
    expect(link).not.toBe('');

    const visitor = await ctx.h.browser.newPage({ baseURL: ctx.h.baseUrl });
    await visitor.goto('/tenants');
    const centre = visitor.getByTestId('tenant').filter({ hasText: objectName });
    await centre.getByRole('link', { name: 'Заполнить анкету' }).click();
    await visitor.waitForURL(`**/application-form${new URL(link).search}`);
    await visitor.getByTestId('application-form').waitFor();
    await visitor.goto('/application-form?l=00000000-0000-4000-8000-000000000000');
    await visitor.getByText('Анкета не найдена').waitFor();
    await visitor.close();
  });

  it('/tenants says so when the centres cannot be loaded, and loads them on retry', async () => {
    const page = ctx.page;
    let fail = true;
    await page.route('**/api/public/tenants**', (route) =>
      fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.continue(),
    );
    await page.goto('/tenants');
    const error = page.getByTestId('tenants-error');
    await error.getByText('Ошибка загрузки данных').waitFor();
    fail = false;
    await error.getByRole('button').click();
    await page.getByRole('link', { name: 'Заполнить анкету' }).first().waitFor();
    expect(await page.getByTestId('tenants-error').count()).toBe(0);
  });

  it('a visitor fills in the questionnaire, the BIN checked as typed', async () => {
    const visitor = await ctx.h.browser.newPage({ baseURL: ctx.h.baseUrl });
    await visitor.goto(`/application-form${new URL(link).search}`);
    const form = visitor.getByTestId('application-form');
    await form.getByLabel('БИН/ИИН').fill('123456789012');
    await form.getByLabel('Название компании').click();
    await form.getByText('Неверный ИИН/БИН: 12 цифр с верной контрольной цифрой').waitFor();
    // A minimum above its maximum is told on the same submit as the wrong BIN, not a round later.
    await form.getByLabel('Мин. площадь, м²').fill('100');
    await form.getByLabel('Макс. площадь, м²').fill('50');
    await form.getByRole('button', { name: 'Отправить анкету' }).click();
    await form.getByText('Минимум не может быть больше максимума').waitFor();
    await form.getByText('Неверный ИИН/БИН: 12 цифр с верной контрольной цифрой').waitFor();
    await form.getByLabel('БИН/ИИН').fill('123456789013');
    await form.getByLabel('Название компании').fill('ТОО Лист Ожидания');
    await form.getByLabel('Юридический адрес').fill('Алматы, пр. Абая 1');
    await form.getByLabel('Название бренда').fill('WaitBrand');
    await form.getByLabel('Категория').fill('Обувь');
    await form.getByLabel('Мин. площадь, м²').fill('40');
    await form.getByLabel('Макс. площадь, м²').fill('90,5');
    await form.getByLabel('Нужна вода').selectOption('true');
    await form.getByLabel('ФИО контактного лица').fill('Асель Нурланова');
    await form.getByLabel('Email').fill('asel@example.kz');
    await form.getByLabel('Телефон', { exact: true }).click();
    await form.getByLabel('Телефон', { exact: true }).pressSequentially('7071234567');
    await form.getByLabel('Файлы 1', { exact: true }).setInputFiles({ name: 'presentation.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Отправить анкету' }).click();
    await visitor.getByText('Анкета отправлена. Мы свяжемся с вами').waitFor();
    await visitor.close();
  });

  it('the landlord takes it into process, puts it on the waiting list, and makes a renter of it', async () => {
    const page = ctx.page;
    // Home's questionnaires tile counts the new one (GET /user-menu/counts questionnaires_new).
    await page.goto('/home');
    const badge = page.getByTestId('tile-surveys').getByTestId('tile-badge');
    await badge.waitFor();
    expect(Number(await badge.textContent())).toBeGreaterThan(0);
    await page.goto('/application-forms');
    const row = page.getByTestId('data-row').filter({ hasText: 'ТОО Лист Ожидания' });
    await row.getByTestId('questionnaire-status').getByText('Новая').waitFor();
    await row.getByRole('link', { name: 'ТОО Лист Ожидания' }).click();
    const view = page.getByTestId('questionnaire-view');
    await view.getByTestId('questionnaire-max_area').getByText('90,5').waitFor();
    await view.getByRole('link', { name: 'presentation.pdf' }).waitFor();

    await view.getByRole('button', { name: 'Взять в работу' }).click();
    await view.getByTestId('questionnaire-status').getByText('В работе').waitFor();
    await view.getByRole('button', { name: 'В лист ожидания' }).click();
    await view.getByTestId('questionnaire-status').getByText('В листе ожидания').waitFor();
    expect(await view.getByRole('button', { name: 'В лист ожидания' }).count()).toBe(0);

    const questionnaireUrl = new URL(page.url()).pathname;
    await view.getByRole('button', { name: 'Сделать арендатором' }).click();
    const form = page.getByTestId('renter-form');
    // The form is prefilled once the questionnaire has loaded.
    await expect.poll(() => form.getByLabel('Наименование ЮЛ / ИП').inputValue()).toBe('ТОО Лист Ожидания');
    expect(await form.getByLabel('БИН / ИИН').inputValue()).toBe('123456789013');
    expect(await form.getByLabel('Название торговой точки').inputValue()).toBe('WaitBrand');
    expect(await form.getByLabel('Email').inputValue()).toBe('asel@example.kz');
    await form.getByLabel('Помещение').selectOption({ index: 1 });
    await form.getByLabel('Дата договора аренды').fill('2026-02-01');
    await form.getByLabel('Торговая площадь, м²').fill('60');
    await form.getByLabel('Должность контактного лица').fill('Директор');
    await form.getByLabel('Логин').fill('waitbrand');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL('**/renters');
    await page.getByTestId('toast').getByText('Арендатор успешно зарегистрирован').waitFor();
    await page.getByLabel('Поиск').fill('Лист Ожидания');
    await page.waitForURL(/search=/);
    await page.getByTestId('data-row').filter({ hasText: 'ТОО Лист Ожидания' }).waitFor();
    // The unfiltered page stays on screen until the search's answer replaces it.
    await expect.poll(() => page.getByTestId('data-row').count()).toBe(1);

    // Back on the questionnaire, "already a renter" leads to the renter made of it.
    await page.goto('/application-forms');
    await page.getByTestId('data-row').filter({ hasText: 'ТОО Лист Ожидания' }).getByRole('link', { name: 'ТОО Лист Ожидания' }).click();
    await view.getByRole('link', { name: 'Из анкеты уже создан арендатор' }).click();
    await page.waitForURL(/\/renters\/view\/[0-9a-f-]{36}$/);
    const renter = page.getByTestId('renter-view');
    await renter.getByRole('heading', { name: 'ТОО Лист Ожидания' }).waitFor();
    await renter.getByTestId('renter-field').filter({ hasText: 'Логин' }).getByText('waitbrand', { exact: true }).waitFor();
    // The form's address, opened again, makes no second renter.
    await page.goto(`${questionnaireUrl}/renter`);
    await page.getByTestId('make-renter-refused').getByText('Из анкеты уже создан арендатор').waitFor();
    expect(await page.getByTestId('renter-form').count()).toBe(0);
    // No dead end: the page says what it is and leads back to the questionnaire.
    await page.getByRole('heading', { name: 'Арендатор из анкеты', level: 1 }).waitFor();
    await page.getByTestId('not-editable-back').click();
    await page.waitForURL(`**${questionnaireUrl}`);
    await page.getByTestId('questionnaire-view').waitFor();
  });

  const send = async (company_name: string, ip: string) => {
    const form = new FormData();
    const fields = {
      bin_iin: '123456789013',
      company_name,
      brand_name: 'Gone',
      category: 'Еда',
      contact_full_name: 'Пётр',
      email: 'p@example.kz',
      phone: '+77011112233',
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const sent = await fetch(`${ctx.h.baseUrl}/api/public/application-forms/${new URL(link).searchParams.get('l')}`, {
      method: 'POST',
      body: form,
      headers: { 'x-forwarded-for': ip },
    });
    expect(sent.status).toBe(201);
  };

  it('deletes a questionnaire after the confirmation, with its toast', async () => {
    await send('ТОО Удаляемая', '10.9.9.9');
    const page = ctx.page;
    await page.goto('/application-forms');
    await page.getByRole('link', { name: 'ТОО Удаляемая' }).click();
    await page.waitForURL(/\/application-forms\/[^/]+$/);
    // Rejecting is asked first: "No" leaves it new.
    await page.getByRole('button', { name: 'Отклонить' }).click();
    const asked = page.getByTestId('confirm-dialog');
    await asked.getByText('Отклонить анкету «ТОО Удаляемая»? Её можно будет вернуть в новые').waitFor();
    await asked.getByRole('button', { name: 'Нет' }).click();
    await asked.waitFor({ state: 'detached' });
    expect(await page.getByTestId('questionnaire-status').textContent()).toBe('Новая');
    await page.getByTestId('questionnaire-delete').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('Удалить анкету «ТОО Удаляемая»? Это действие нельзя отменить').waitFor();
    await dialog.getByRole('button', { name: 'Да' }).click();
    await page.getByTestId('toast').getByText('Анкета удалена').waitFor();
    await page.waitForURL('**/application-forms');
    await page.getByTestId('data-row').first().waitFor();
    expect(await page.getByRole('link', { name: 'ТОО Удаляемая' }).count()).toBe(0);
  });

  it('offers the delete in the rows of the waiting list to the landlord, asked first', async () => {
    await send('ТОО Из списка', '10.9.9.10');
    const page = ctx.page;
    await page.goto('/application-forms');
    const row = page.getByTestId('data-row').filter({ hasText: 'ТОО Из списка' });
    await row.getByTestId('questionnaire-delete').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('Удалить анкету «ТОО Из списка»? Это действие нельзя отменить').waitFor();
    await dialog.getByRole('button', { name: 'Да' }).click();
    await page.getByTestId('toast').getByText('Анкета удалена').waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it("shows the questionnaire's history: its arrival from the company, then each step with its change of status", async () => {
    await send('ТОО С историей', '10.9.9.11');
    const page = ctx.page;
    await page.goto('/application-forms');
    await page.getByRole('link', { name: 'ТОО С историей' }).click();
    const history = page.getByTestId('questionnaire-history');
    const entries = history.getByTestId('history-entry');
    await entries.first().getByText('Анкета получена').waitFor();
    expect(await entries.count()).toBe(1);
    expect(await entries.first().textContent()).toContain('ТОО С историей');
    expect(await entries.first().getByTestId('history-change').textContent()).toBe('Новая');

    await page.getByRole('button', { name: 'Взять в работу' }).click();
    await entries.nth(1).getByText('Взята в работу').waitFor();
    expect(await entries.nth(1).getByTestId('history-change').textContent()).toBe('Новая → В работе');
    expect(await entries.count()).toBe(2);
  });
});
