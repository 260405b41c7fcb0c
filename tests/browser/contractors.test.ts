import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { employeeAccess, employees, landlords, users } from '#server/db/schema';
import { signIn, useBrowser } from '../support/browser';

// Issue "Registers", contractors: a company applies through the public form without an account;
// the landlord finds the application, approves it (the company joins the list) or declines it with a reason.
describe('contractors in Chromium', () => {
  const ctx = useBrowser({ pagePerTest: false });
  const landlordId = async () => {
    const [row] = await ctx.h.db.select({ id: landlords.id }).from(landlords).where(eq(landlords.name, 'ТОО «Mega Center Group»'));
    return row!.id;
  };
  /** An application sent as the public form sends it. */
  const apply = async (fields: { name: string; services: string; contact_name: string; phone: string; email: string }) =>
    fetch(`${ctx.h.baseUrl}/api/public/contractor-form/${await landlordId()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bin: '050140001238', ...fields }),
    });

  it('says so for an unknown landlord, and a company applies through the public form', async () => {
    const page = ctx.page;
    await page.goto('/contractor-form?landlord=00000000-0000-4000-8000-000000000000');
    await page.getByText('Анкета не найдена').waitFor();
    await page.goto('/contractor-form?landlord=garbage');
    await page.getByText('Анкета не найдена').waitFor();

    await page.goto(`/contractor-form?landlord=${await landlordId()}`);
    const form = page.getByTestId('contractor-application-form');
    await form.getByText('ТОО «Mega Center Group» приглашает подрядчиков к сотрудничеству', { exact: false }).waitFor();
    await page.getByTestId('language-switch').getByRole('button', { name: 'KK' }).click();
    await form.getByText('Мердігер сауалнамасы').waitFor();
    await page.getByTestId('language-switch').getByRole('button', { name: 'RU' }).click();
    await form.getByRole('button', { name: 'Отправить заявку' }).click();
    expect(await form.getByText('Обязательное поле').count()).toBe(6); // name, BIN, contact, phone, e-mail, services

    await form.getByLabel('Название компании').fill('ТОО «Лифт Сервис»');
    await form.getByLabel('БИН').fill('050140001236');
    await form.getByLabel('Контактное лицо').fill('Данияр Ахметов');
    const phone = form.getByLabel('Телефон');
    await phone.click();
    await phone.pressSequentially('7012223344'); // the mask shows +7 already: a person types ten digits
    expect(await phone.inputValue()).toBe('+77012223344');
    await form.getByLabel('Email').fill('lift@service.kz');
    await form.getByLabel('Услуги').fill('Обслуживание лифтов и эскалаторов');
    await form.getByRole('button', { name: 'Отправить заявку' }).click();
    await form.getByText('Неверный ИИН/БИН: 12 цифр с верной контрольной цифрой').waitFor();

    await form.getByLabel('БИН').fill('050140001238');
    await form.getByRole('button', { name: 'Отправить заявку' }).click();
    await form.getByText('Заявка отправлена. Арендодатель рассмотрит её и свяжется с вами.').waitFor();
    expect(await page.getByTestId('current-user').count()).toBe(0); // no shell: an anonymous page
  });

  it('the landlord sees the application, approves it, and the company is in the contractors list', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.getByTestId('nav-contractors').click();
    await page.getByRole('heading', { name: 'Подрядчики', level: 1 }).waitFor();
    await page.getByText('Ничего не найдено').waitFor();
    const url = await page.getByTestId('contractor-form-url').textContent();
    expect(url).toBe(`${ctx.h.baseUrl}/contractor-form?landlord=${await landlordId()}`);

    await page.getByTestId('tab-applications').click();
    await page.waitForURL('**/contractors/applications');
    const row = page.getByTestId('data-row').filter({ hasText: 'ТОО «Лифт Сервис»' });
    await row.getByText('050140001238').waitFor();
    await row.getByRole('button', { name: 'Одобрить' }).click();
    await page.getByTestId('toast').getByText('Заявка одобрена, подрядчик добавлен в список').waitFor();
    await page.getByText('Ничего не найдено').waitFor();

    await page.getByTestId('tab-contractors').click();
    await page.waitForURL(/\/contractors$/);
    const listed = page.getByTestId('data-row').filter({ hasText: 'ТОО «Лифт Сервис»' });
    await listed.getByText('Данияр Ахметов').waitFor();
    await expect.poll(() => page.getByTestId('data-row').count()).toBe(1);
    await listed.getByRole('link', { name: 'ТОО «Лифт Сервис»' }).click();
    await page.getByTestId('contractor-view').getByTestId('contractor-services').getByText('Обслуживание лифтов и эскалаторов').waitFor();
  });

  it('declines an application only with a reason, given in the dialog', async () => {
    const page = ctx.page;
    const res = await apply({ name: 'ИП Отказ', services: 'Покраска', contact_name: 'Ерлан', phone: '+77010000000', email: 'no@paint.kz' });
    expect(res.status).toBe(201);
    await page.goto('/contractors/applications');
    const row = page.getByTestId('data-row').filter({ hasText: 'ИП Отказ' });
    await row.getByRole('button', { name: 'Отклонить' }).click();
    const dialog = page.getByTestId('decline-dialog');
    await dialog.getByText('Заявка компании ИП Отказ будет отклонена. Укажите причину.').waitFor();
    await dialog.getByRole('button', { name: 'Отклонить' }).click();
    await dialog.getByText('Обязательное поле').waitFor();
    await dialog.getByLabel('Причина отказа').fill('Нет допуска к высотным работам');
    await dialog.getByRole('button', { name: 'Отклонить' }).click();
    await page.getByTestId('toast').getByText('Заявка отклонена').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByLabel('Статус').selectOption('declined');
    await page.getByTestId('data-row').filter({ hasText: 'ИП Отказ' }).getByText('Нет допуска к высотным работам').waitFor();
  });

  it('offers the decision only to those who may change contractors: an employee at view sees the application, not its buttons', async () => {
    const [staff] = await ctx.h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'employee'));
    const grant = (level: 'view' | 'creator') =>
      ctx.h.db
        .insert(employeeAccess)
        .values({ employeeId: staff!.id, module: 'contractors', level })
        .onConflictDoUpdate({ target: [employeeAccess.employeeId, employeeAccess.module], set: { level } });
    const sent = await apply({ name: 'ИП Ожидание', services: 'Уборка', contact_name: 'Асель', phone: '+77010000001', email: 'wait@clean.kz' });
    expect(sent.status).toBe(201);
    await grant('view');
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl });
    try {
      const page = await context.newPage();
      await signIn(page, 'employee');
      await page.goto('/contractors/applications');
      await page.getByTestId('data-row').filter({ hasText: 'ИП Ожидание' }).waitFor();
      expect(await page.getByRole('button', { name: 'Одобрить' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Отклонить' }).count()).toBe(0);
      // At creator, the same list offers both.
      await grant('creator');
      await page.reload();
      await page.getByTestId('data-row').filter({ hasText: 'ИП Ожидание' }).getByRole('button', { name: 'Одобрить' }).waitFor();
    } finally {
      await context.close();
      await grant('creator');
    }
  });

  it('creates a contractor by hand, shows its card and edits it with the same form', async () => {
    const page = ctx.page;
    await page.goto('/contractors');
    await page.getByRole('button', { name: 'Добавить' }).click();
    const form = page.getByTestId('contractor-form');
    await form.getByLabel('Название компании').fill('ТОО «Свет»');
    await form.getByLabel('БИН').fill('120340007775');
    await form.getByLabel('Контактное лицо').fill('Мария Ким');
    await form.getByLabel('Телефон').click();
    await form.getByLabel('Телефон').pressSequentially('7075556677');
    await form.getByLabel('Email').fill('svet@example.kz');
    await form.getByLabel('Услуги').fill('Электромонтаж');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(/\/contractors\/view\//);
    await page.getByTestId('toast').getByText('Запись создана').waitFor();
    const card = page.getByTestId('contractor-view');
    await card.getByRole('heading', { name: 'ТОО «Свет»' }).waitFor();
    // The card names one contractor's status, not the list filter's plural.
    expect(await card.getByTestId('contractor-status').textContent()).toBe('Активен');
    await card.getByRole('button', { name: 'Изменить' }).click();
    await page.waitForURL(/\/contractors\/edit\//);
    expect(await form.getByLabel('БИН').inputValue()).toBe('120340007775');
    await form.getByLabel('Название компании').fill('ТОО «Свет и Ко»');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await card.getByRole('heading', { name: 'ТОО «Свет и Ко»' }).waitFor();
    await page.getByTestId('nav-contractors').click();
    await page.getByTestId('data-row').filter({ hasText: 'ТОО «Свет и Ко»' }).waitFor();
    await expect.poll(() => page.getByTestId('data-row').count()).toBe(2);
  });

  it('says "record not found" for an unknown contractor, with a way Home and nothing to retry', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.goto('/contractors/view/00000000-0000-4000-8000-000000000000');
    await page.getByTestId('record-missing').getByText('Запись не найдена: она удалена или ссылка неверна').waitFor();
    expect(await page.getByTestId('record-missing-home').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Повторить' }).count()).toBe(0);
  });
});
