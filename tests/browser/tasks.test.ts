import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { renters, users } from '#server/db/schema';
import { signIn, useBrowser } from '../support/browser';
import { tomorrowInAlmaty } from '../support/tasks';

const TITLE = 'Подготовить витрину к распродаже';

// Issue 5: an employee gives the renter a task; the renter starts and completes it; the employee returns
// it for revision, the renter does it again, and the employee accepts it; the completed tab shows it.
describe('tasks in Chromium', () => {
  const ctx = useBrowser();
  let viewUrl = '';

  const transition = async (button: string, status: string) => {
    const page = ctx.page;
    await page.getByTestId('task-actions').getByRole('button', { name: button, exact: true }).click();
    await page.getByTestId('toast').getByText(`Задача: ${status}`).waitFor();
    await page.getByTestId('task-view').getByTestId('task-status').getByText(status).waitFor();
  };

  it('an employee gives the renter a task with a deadline', async () => {
    const page = ctx.page;
    const [renter] = await ctx.h.db
      .select({ trade: renters.tradePointName, legal: renters.legalName, name: users.fullName })
      .from(renters)
      .innerJoin(users, eq(users.id, renters.userId))
      .where(eq(users.username, 'renter'));
    await signIn(page, 'employee');
    await page.getByTestId('nav-tasks').click();
    await page.getByRole('heading', { name: 'Задачи', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Новая задача' }).click();

    const form = page.getByTestId('task-form');
    // Nothing is sent without a title, an executor and a deadline.
    await form.getByRole('button', { name: 'Отправить' }).click();
    await form.getByText('Обязательное поле').first().waitFor();
    await form.getByLabel('Название').fill(TITLE);
    await form.getByLabel('Описание').fill('Оформить витрину по макету маркетинга');
    await form.getByLabel('Категория').fill('Маркетинг');
    await form.getByLabel('Приоритет').selectOption('high');
    // A deadline in the past is refused in the form.
    await form.getByLabel('Срок').fill('2020-01-01T10:00');
    await form.getByRole('button', { name: 'Отправить' }).click();
    await form.getByText('Срок должен быть в будущем').waitFor();
    await form.getByLabel('Срок').fill(tomorrowInAlmaty());
    // One combobox: typing part of a name narrows the groups to the renter, shown with who it is
    // (its property and unit); the keyboard chooses it.
    const executor = form.getByRole('combobox', { name: 'Исполнитель' });
    await executor.fill(renter?.trade.slice(0, 5) ?? '');
    const list = page.getByRole('listbox', { name: 'Исполнитель' });
    const tenants = list.getByRole('group', { name: 'Арендаторы' });
    await expect.poll(() => list.getByRole('option').allTextContents()).toEqual([`${renter?.trade} (${renter?.legal})ТРЦ «Mega Center», №101`]);
    expect(await tenants.getByRole('option').count()).toBe(1);
    await executor.press('ArrowDown');
    await executor.press('Enter');
    expect(await executor.inputValue()).toBe(`${renter?.trade} (${renter?.legal})`);
    expect(await executor.getAttribute('aria-expanded')).toBe('false');
    await form.getByRole('button', { name: 'Отправить' }).click();

    await page.waitForURL(/\/tasks\/[0-9a-f-]{36}$/);
    viewUrl = new URL(page.url()).pathname;
    await page.getByTestId('toast').getByText('Задача создана').waitFor();
    const view = page.getByTestId('task-view');
    await view.getByTestId('task-status').getByText('Новая').waitFor();
    expect(await view.getByTestId('task-priority').textContent()).toBe('Высокий');
    expect(await view.getByTestId('task-field-executor').textContent()).toBe(renter?.name);
    // The creator has nothing to do while the executor has not finished.
    expect(await page.getByTestId('task-actions').getByRole('button').count()).toBe(0);
  });

  it('the renter finds it among its incoming tasks, starts and completes it', async () => {
    const page = ctx.page;
    await signIn(page, 'renter');
    // Home's tasks tile counts the incoming open tasks (GET /user-menu/counts tasks_incoming).
    await page.getByTestId('tile-tasks').getByTestId('tile-badge').waitFor();
    expect(Number(await page.getByTestId('tile-tasks').getByTestId('tile-badge').textContent())).toBeGreaterThan(0);
    await page.getByTestId('nav-tasks').click();
    const row = page.getByTestId('data-row').filter({ hasText: TITLE });
    await row.waitFor();
    expect(await row.getByTestId('task-status').textContent()).toBe('Новая');
    await row.getByTestId('task-link').click();
    await page.waitForURL(`**${viewUrl}`);
    await page.getByTestId('task-actions').getByRole('button').first().waitFor();
    // The executor of a new task may start or reject it, nothing else.
    expect(await page.getByTestId('task-actions').getByRole('button').allTextContents()).toEqual(['Начать', 'Отклонить']);
    await transition('Начать', 'В работе');
    await transition('Отметить выполненной', 'Выполнена');
    expect(await page.getByTestId('task-actions').getByRole('button').count()).toBe(0);
  });

  it('the employee returns it for revision with a comment', async () => {
    const page = ctx.page;
    await signIn(page, 'employee');
    await page.goto('/tasks?box=outgoing');
    const row = page.getByTestId('data-row').filter({ hasText: TITLE });
    await row.getByTestId('task-status').getByText('Выполнена').waitFor();
    await row.getByTestId('task-link').click();
    await page.waitForURL(`**${viewUrl}`);
    await page.getByTestId('task-actions').getByRole('button', { name: 'Вернуть на доработку' }).click();
    const dialog = page.getByTestId('task-dialog');
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await dialog.getByText('Напишите комментарий').waitFor();
    await dialog.getByLabel('Комментарий').fill('Добавьте ценники');
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await page.getByTestId('toast').getByText('Задача: На доработке').waitFor();
    await page.getByTestId('task-view').getByTestId('task-status').getByText('На доработке').waitFor();
  });

  it('the renter starts and completes it again, and the employee accepts it', async () => {
    const page = ctx.page;
    await signIn(page, 'renter');
    await page.goto(viewUrl);
    await page.getByTestId('history-comment').getByText('Добавьте ценники').waitFor();
    await transition('Начать', 'В работе');
    await transition('Отметить выполненной', 'Выполнена');

    await signIn(page, 'employee');
    await page.goto(viewUrl);
    await page.getByTestId('task-actions').getByRole('button').first().waitFor();
    expect(await page.getByTestId('task-actions').getByRole('button').allTextContents()).toEqual(['Принять', 'Вернуть на доработку']);
    await transition('Принять', 'Принята');
    expect(await page.getByTestId('task-actions').getByRole('button').count()).toBe(0);
  });

  it('the completed tab shows it accepted, and its page the whole history', async () => {
    const page = ctx.page;
    await signIn(page, 'employee');
    await page.goto('/tasks?box=outgoing');
    await page.getByTestId('task-tabs').waitFor();
    // Not among the current ones any more.
    await page.getByTestId('data-row').first().or(page.getByText('Ничего не найдено')).waitFor();
    expect(await page.getByTestId('data-row').filter({ hasText: TITLE }).count()).toBe(0);
    await page.getByTestId('tab-completed').click();
    await page.waitForURL(/state=completed/);
    const row = page.getByTestId('data-row').filter({ hasText: TITLE });
    await row.waitFor();
    expect(await row.getByTestId('task-status').textContent()).toBe('Принята');
    expect(await page.getByTestId('tab-completed').getAttribute('aria-selected')).toBe('true');

    await row.getByTestId('task-link').click();
    await page.waitForURL(`**${viewUrl}`);
    const history = page.getByTestId('task-history');
    await history.getByText('Принята', { exact: true }).first().waitFor();
    const events = await history.getByTestId('history-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-event')));
    expect(events.filter((e) => e !== 'task.comment' && e !== 'task.file')).toEqual([
      'task.created',
      'task.start',
      'task.complete',
      'task.return',
      'task.start',
      'task.complete',
      'task.accept',
    ]);
    const returned = history.locator('[data-event="task.return"]');
    expect(await returned.textContent()).toContain('Выполнена → На доработке');
    expect(await returned.textContent()).toContain('Добавьте ценники');
    expect(await history.locator('[data-event="task.accept"]').textContent()).toContain('Выполнена → Принята');
  });
});
