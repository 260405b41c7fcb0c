import { describe, expect, it } from 'vitest';
import { taskStatuses } from '#machines/task';
import { signIn, useBrowser } from '../support/browser';

// An analyst (here the landlord) reads a machine as a drawing and steps through it, in the user's language.
// It is reference, not everyday work: the landlord reaches it from Settings, not from the menu.
describe('statechart viewer in Chromium', () => {
  const ctx = useBrowser();

  it('draws the task machine from its definition and steps it by its events', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    expect(await page.getByTestId('nav-statecharts').count()).toBe(0);
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('statecharts-link').click();
    await page.getByRole('heading', { name: 'Диаграммы состояний' }).waitFor();
    await page.getByLabel('Машина состояний').selectOption('task');

    const drawing = page.getByTestId('statechart').locator('svg');
    await drawing.waitFor();
    for (const status of taskStatuses) await drawing.locator(`[data-state="${status}"]`).waitFor();
    expect(await drawing.locator('g[data-state]').count()).toBe(taskStatuses.length);
    expect(await drawing.getByText('Начать [исполнитель]').count()).toBe(2);
    const current = page.getByTestId('statechart-current');
    expect(await current.textContent()).toBe('Новая');
    expect(await drawing.locator('[data-current="true"]').getAttribute('data-state')).toBe('new');

    // Exactly what the machine accepts in `new`: the executor starts or rejects, the system expires it.
    const events = page.getByTestId('statechart-event');
    expect((await events.allTextContents()).sort()).toEqual(['Начать (исполнитель)', 'Отклонить (исполнитель)', 'Срок истёк (система)']);
    await events.filter({ hasText: 'Начать (исполнитель)' }).click();
    await page.getByTestId('statechart-current').getByText('В работе').waitFor();
    await drawing.locator('[data-state="in_progress"][data-current="true"]').waitFor();
    expect(await drawing.locator('[data-current="true"]').count()).toBe(1);
    expect((await events.allTextContents()).sort()).toEqual([
      'Отклонить (исполнитель)',
      'Отметить выполненной (исполнитель)',
      'Приостановить (исполнитель)',
      'Срок истёк (система)',
    ]);

    await page.getByTestId('statechart-reset').click();
    await page.getByTestId('statechart-current').getByText('Новая').waitFor();
    await drawing.locator('[data-state="new"][data-current="true"]').waitFor();
  });
});
