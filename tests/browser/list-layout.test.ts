import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { users } from '#server/db/schema';
import { signIn, useBrowser } from '../support/browser';

/** Calls the API as the signed-in user of the page (its stored token), as the SPA would. */
async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('token') ?? sessionStorage.getItem('token');
      const res = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : null,
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { method, path, body },
  );
}

/** The page scrolls sideways neither in its layout viewport nor in its document. */
const widths = (page: Page) => page.evaluate(() => ({ inner: window.innerWidth, scroll: document.documentElement.scrollWidth }));

// Lists choose their columns by their width: at 1366 px the journal's status and actions are in view
// without scrolling; on a 390 px phone each row is a card with its actions and nothing scrolls sideways.
describe('lists at every width in Chromium', () => {
  const ctx = useBrowser();

  it('at 1366×768 the journal shows status and actions, and the renters list its delete button, in view', async () => {
    const page = ctx.page;
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, 'renter');
    const [type] = await call<{ id: string }[]>(page, 'GET', '/type-request/kind/12');
    await call(page, 'POST', '/requests', { type_id: type?.id, description: 'Не работает кондиционер в торговом зале' });

    await signIn(page, 'landlord');
    await page.goto('/requests-journal');
    const row = page.getByTestId('data-row').first();
    // A laptop shows every filter at once, with no button to open them.
    await page.getByLabel('Статус заявки').waitFor();
    expect(await page.getByRole('button', { name: 'Фильтры' }).isVisible()).toBe(false);
    for (const part of [row.getByTestId('request-status'), row.getByRole('button', { name: 'Открыть' })]) {
      const box = await part.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1366);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(768);
      expect(box?.x).toBeGreaterThanOrEqual(0);
    }
    // The columns that left the table are in the row's details.
    await row.getByTestId('row-details').click();
    await page.getByRole('term').filter({ hasText: 'Заявитель' }).waitFor();

    await page.goto('/renters');
    const remove = page.getByTestId('data-row').first().getByRole('button', { name: 'Удалить' });
    await remove.waitFor();
    const box = await remove.boundingBox();
    const table = await page.getByTestId('data-table').boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((table?.x ?? 0) + (table?.width ?? 0));
    expect(await remove.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  it('at 1366×768 every register’s table fits its width: no column hides under the actions', async () => {
    const page = ctx.page;
    await page.setViewportSize({ width: 1366, height: 768 });
    const overflowing: string[] = [];
    for (const [user, paths] of [
      // The registers the demo fills.
      ['landlord', ['/renters', '/employees', '/objects']],
      ['employee', ['/renters']],
      ['superadmin', ['/landlords', '/objects']],
    ] as const) {
      await signIn(page, user);
      for (const path of paths) {
        await page.goto(path);
        await page.locator('[data-testid="data-table"], [data-testid="empty-state"]').first().waitFor();
        if ((await page.getByTestId('data-table').count()) === 0) {
          overflowing.push(`${user} ${path}: empty`);
          continue;
        }
        // The table's own box scrolls sideways when its columns are wider than the list.
        const [scroll, client] = await page
          .getByTestId('data-table')
          .evaluate((el) => [el.parentElement?.scrollWidth ?? 0, el.parentElement?.clientWidth ?? 0]);
        if (scroll > client) overflowing.push(`${user} ${path}: ${scroll} > ${client}`);
      }
    }
    expect(overflowing).toEqual([]);
  });

  it('at 390×844 the journal and the tasks are cards with their actions and no sideways scroll', async () => {
    const page = ctx.page;
    const [renter] = await ctx.h.db.select({ id: users.id }).from(users).where(eq(users.username, 'renter'));
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'landlord');
    const deadline = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await call(page, 'POST', '/tasks', { title: 'Обновить ценники на витрине', deadline_at: deadline, executor_user_id: renter?.id });

    for (const [path, link] of [
      ['/requests-journal', 'request-link'],
      ['/tasks', 'task-link'],
    ] as const) {
      await page.goto(path);
      const card = page.getByTestId('data-row').first();
      await card.getByTestId(link).waitFor();
      expect(await widths(page)).toEqual({ inner: 390, scroll: 390 });
      // The rows come first on a phone: the filters wait behind one button; the search stays.
      const filters = page.getByRole('button', { name: 'Фильтры' });
      expect(await filters.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('searchbox').isVisible()).toBe(true);
      expect(await page.getByRole('combobox').first().isVisible()).toBe(false);
      await filters.click();
      expect(await filters.getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('combobox').first().waitFor();
      expect(await widths(page)).toEqual({ inner: 390, scroll: 390 });
      // A card: its own box, labels before values, the action a full 44 px target inside the screen.
      const action = card.getByRole('button', { name: 'Открыть' });
      const box = await action.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      expect(await card.evaluate((el) => getComputedStyle(el).display)).toBe('flex');
      expect(
        await card
          .locator('td')
          .nth(1)
          .evaluate((el) => getComputedStyle(el, '::before').content),
      ).not.toBe('none');
    }
  });

  it("at 390 px every register's header actions wrap in all three languages: nothing scrolls sideways", async () => {
    const page = ctx.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'landlord');
    const lists = ['/employees', '/employee-notifications', '/renters', '/objects', '/requests-journal', '/contracts', '/violations', '/contractors', '/tasks'];
    for (const language of ['ru', 'kk', 'en']) {
      await page.evaluate((l) => localStorage.setItem('selectedLanguage', l), language);
      for (const path of lists) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByRole('searchbox').waitFor();
        expect({ path, language, ...(await widths(page)) }).toEqual({ path, language, inner: 390, scroll: 390 });
      }
    }
  });
});
