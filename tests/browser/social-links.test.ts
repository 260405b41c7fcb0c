import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

// The landlord keeps its public links; a renter finds them on Home.
describe('social links in Chromium', () => {
  const ctx = useBrowser();

  it('adds a link, refusing a url of another host first, and lists it', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.getByTestId('nav-socialLinks').click();
    await page.getByRole('heading', { name: 'Социальные сети', level: 1 }).waitFor();
    await page.getByText('Ничего не найдено').waitFor();
    // Nothing narrowed the list: no advice to change a search there is none of.
    expect(await page.getByText('Измените условия поиска или добавьте запись').count()).toBe(0);
    await page.getByRole('button', { name: 'Добавить' }).click();

    const form = page.getByTestId('social-link-form');
    await form.getByLabel('Сеть').selectOption({ label: 'Telegram' });
    await form.getByLabel('Ссылка').fill('https://instagram.com/megacenter');
    await form.getByLabel('Подпись').fill('Канал Mega Center');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.getByText('Ссылка Telegram должна вести на t.me, telegram.me').waitFor();

    await form.getByLabel('Ссылка').fill('https://t.me/megacenter');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL('**/social-network');
    await page.getByTestId('toast').getByText('Запись создана').waitFor();
    const row = page.getByTestId('data-row');
    expect(await row.count()).toBe(1);
    await row.getByText('https://t.me/megacenter').waitFor();
  });

  it("shows the renter its landlord's links on Home", async () => {
    const page = ctx.page;
    await signIn(page, 'renter');
    const block = page.getByTestId('home-social-links');
    await block.getByRole('heading', { name: 'Наши социальные сети' }).waitFor();
    const link = block.getByRole('link', { name: 'Канал Mega Center' });
    expect(await link.getAttribute('href')).toBe('https://t.me/megacenter');
  });
});
