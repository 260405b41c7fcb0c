import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';
import { contractorOf, tomorrowInAlmaty } from '../support/tasks';

// Issue 5: quick tasks (list, create, {id}, {id}/edit) to renters or employees, and a contractor's task
// edited through /contractors/task-edit/{id}.
describe('quick tasks and contractor tasks in Chromium', () => {
  const ctx = useBrowser();
  let quickUrl = '';

  it('an employee gives the renter a quick task and corrects it while it is new', async () => {
    const page = ctx.page;
    await signIn(page, 'employee');
    await page.getByTestId('nav-quickTasks').click();
    await page.getByRole('heading', { name: 'Быстрые задачи', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Новая быстрая задача' }).click();
    await page.waitForURL('**/quick-tasks/create');
    const form = page.getByTestId('task-form');
    // A quick task is short: no category, description or files; no contractors among executors.
    expect(await form.getByLabel('Описание').count()).toBe(0);
    expect(await form.getByLabel('Категория').count()).toBe(0);
    const executor = form.getByRole('combobox', { name: 'Исполнитель' });
    await executor.click();
    const list = page.getByRole('listbox', { name: 'Исполнитель' });
    await list.getByRole('option').first().waitFor();
    expect(
      await list.getByRole('group').evaluateAll((els) => els.map((e) => document.getElementById(e.getAttribute('aria-labelledby') ?? '')?.textContent)),
    ).toEqual(['Сотрудники', 'Арендаторы']);
    await form.getByLabel('Название').fill('Убрать коробки из прохода');
    await form.getByLabel('Срок').fill(tomorrowInAlmaty());
    await executor.fill('Dana');
    await list.getByRole('option').filter({ hasText: 'Dana Fashion (ИП «Dana Fashion»)' }).click();
    expect(await executor.inputValue()).toBe('Dana Fashion (ИП «Dana Fashion»)');
    await form.getByRole('button', { name: 'Отправить' }).click();
    await page.waitForURL(/\/quick-tasks\/[0-9a-f-]{36}$/);
    quickUrl = new URL(page.url()).pathname;
    await page.getByTestId('toast').getByText('Задача создана').waitFor();

    await page.getByTestId('task-view').getByRole('button', { name: 'Изменить' }).click();
    await page.waitForURL(`**${quickUrl}/edit`);
    await page.getByRole('heading', { name: 'Редактирование быстрой задачи', level: 1 }).waitFor();
    const edit = page.getByTestId('task-form');
    await expect.poll(() => edit.getByLabel('Название').inputValue()).toBe('Убрать коробки из прохода');
    // Executor and deadline are fixed once the task exists.
    expect(await edit.getByLabel('Исполнитель').isDisabled()).toBe(true);
    await edit.getByLabel('Название').fill('Убрать коробки из прохода у входа');
    await edit.getByLabel('Приоритет').selectOption('high');
    await edit.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(`**${quickUrl}`);
    await page.getByTestId('toast').getByText('Задача сохранена').waitFor();
    await page.getByRole('heading', { name: 'Убрать коробки из прохода у входа', level: 1 }).waitFor();
    expect(await page.getByTestId('task-view').getByTestId('task-priority').textContent()).toBe('Высокий');
  });

  it('the outgoing list filters quick tasks by whom they were given to', async () => {
    const page = ctx.page;
    await signIn(page, 'employee');
    await page.goto('/quick-tasks?box=outgoing');
    const row = page.getByTestId('data-row').filter({ hasText: 'Убрать коробки из прохода у входа' });
    await row.waitFor();
    await page.getByTestId('filter-to').selectOption('employee');
    await page.waitForURL(/to=employee/);
    await page.getByText('Ничего не найдено').waitFor();
    await page.getByTestId('filter-to').selectOption('renter');
    await page.waitForURL(/to=renter/);
    await row.waitFor();
    // Newest first: the one just given leads the list.
    await page.getByLabel('Сортировка').selectOption({ label: 'Сначала новые' });
    await page.waitForURL(/sort=-created_at/);
    await expect.poll(() => page.getByTestId('data-row').first().getByTestId('task-link').textContent()).toBe('Убрать коробки из прохода у входа');
  });

  it('the renter finds it among its incoming quick tasks and starts it; editing is over', async () => {
    const page = ctx.page;
    await signIn(page, 'renter');
    await page.getByTestId('nav-quickTasks').click();
    const row = page.getByTestId('data-row').filter({ hasText: 'Убрать коробки из прохода у входа' });
    await row.getByTestId('task-link').click();
    await page.waitForURL(`**${quickUrl}`);
    // A notification links to /tasks/{id} whatever the kind: the quick task moves to its own section.
    await page.goto(quickUrl.replace('/quick-tasks/', '/tasks/'));
    await page.waitForURL(`**${quickUrl}`);
    await page.getByRole('heading', { name: 'Убрать коробки из прохода у входа', level: 1 }).waitFor();
    // The renter has no "New" button and no edit: it only receives tasks.
    expect(await page.getByTestId('task-view').getByRole('button', { name: 'Изменить' }).count()).toBe(0);
    await page.getByTestId('task-actions').getByRole('button', { name: 'Начать', exact: true }).click();
    await page.getByTestId('task-view').getByTestId('task-status').getByText('В работе').waitFor();

    await signIn(page, 'employee');
    await page.goto(quickUrl);
    await page.getByTestId('task-view').getByTestId('task-status').getByText('В работе').waitFor();
    expect(await page.getByTestId('task-view').getByRole('button', { name: 'Изменить' }).count()).toBe(0);
  });

  it('the landlord gives a contractor a task from its card and edits it under /contractors/task-edit', async () => {
    const page = ctx.page;
    const contractor = { id: await contractorOf(ctx.h, 'landlord') };
    await signIn(page, 'landlord');
    await page.goto(`/contractors/view/${contractor?.id}`);
    await page.getByRole('button', { name: 'Новая задача' }).click();
    await page.waitForURL(/\/tasks\/create\?contractor=/);
    const form = page.getByTestId('task-form');
    // The contractor of the card is already chosen.
    await expect.poll(() => form.getByRole('combobox', { name: 'Исполнитель' }).inputValue()).toBe('ТОО «Подрядчик»');
    await form.getByLabel('Название').fill('Генеральная уборка фудкорта');
    await form.getByLabel('Срок').fill(tomorrowInAlmaty());
    await form.getByRole('button', { name: 'Отправить' }).click();
    await page.waitForURL(/\/tasks\/[0-9a-f-]{36}$/);
    const taskId = page.url().split('/').at(-1);
    expect(await page.getByTestId('task-field-executor').textContent()).toBe('ТОО «Подрядчик»');

    await page.getByTestId('task-view').getByRole('button', { name: 'Изменить' }).click();
    await page.waitForURL(`**/contractors/task-edit/${taskId}`);
    const edit = page.getByTestId('task-form');
    await expect.poll(() => edit.getByLabel('Название').inputValue()).toBe('Генеральная уборка фудкорта');
    await edit.getByLabel('Описание').fill('Ночью, после закрытия');
    await edit.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(`**/tasks/${taskId}`);
    expect(await page.getByTestId('task-field-description').textContent()).toBe('Ночью, после закрытия');
    // The landlord works a contractor's task on its behalf: start is offered.
    expect(await page.getByTestId('task-actions').getByRole('button').allTextContents()).toContain('Начать');
  });
});
