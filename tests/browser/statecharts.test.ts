import { describe, expect, it } from 'vitest';
import { taskStatuses } from '#machines/task';
import { signIn, useBrowser } from '../support/browser';

// Issue 5: an analyst (here the landlord) reads a machine as a drawing and steps through it.
describe('statechart viewer in Chromium', () => {
  const ctx = useBrowser();

  it('draws the task machine from its definition and steps it by its events', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.getByTestId('nav-statecharts').click();
    await page.getByRole('heading', { name: 'Диаграммы состояний' }).waitFor();
    await page.getByLabel('Машина состояний').selectOption('task');

    const drawing = page.getByTestId('statechart').locator('svg');
    await drawing.waitFor();
    for (const status of taskStatuses) await drawing.locator(`[data-state="${status}"]`).waitFor();
    expect(await drawing.locator('g[data-state]').count()).toBe(taskStatuses.length);
    expect(await drawing.getByText('task.start [by the executor]').count()).toBe(2);
    const current = page.getByTestId('statechart-current');
    expect(await current.textContent()).toBe('new');
    expect(await drawing.locator('[data-current="true"]').getAttribute('data-state')).toBe('new');

    // Exactly what the machine accepts in `new`: the executor starts or rejects, the system expires it.
    const events = page.getByTestId('statechart-event');
    expect((await events.allTextContents()).sort()).toEqual(['task.expire (system)', 'task.reject (executor)', 'task.start (executor)']);
    await events.filter({ hasText: 'task.start (executor)' }).click();
    await page.getByTestId('statechart-current').getByText('in_progress').waitFor();
    await drawing.locator('[data-state="in_progress"][data-current="true"]').waitFor();
    expect(await drawing.locator('[data-current="true"]').count()).toBe(1);
    expect((await events.allTextContents()).sort()).toEqual([
      'task.complete (executor)',
      'task.expire (system)',
      'task.pause (executor)',
      'task.reject (executor)',
    ]);

    await page.getByTestId('statechart-reset').click();
    await page.getByTestId('statechart-current').getByText('new').waitFor();
    await drawing.locator('[data-state="new"][data-current="true"]').waitFor();
  });
});
