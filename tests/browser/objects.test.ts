import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from '../support/browser';

// A 1×1 PNG, made here rather than read from disk.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

// The landlord adds a shopping centre with its logo and a room, and sees both listed.
describe('objects and rooms in Chromium', () => {
  const ctx = useBrowser({ pagePerTest: false });

  it('adds an object with a logo (preview first), refuses a text file posing as PNG, adds a room', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.getByTestId('nav-objects').click();
    await page.getByRole('heading', { name: 'Объекты', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('data-row').count()).toBe(1);
    await page.getByRole('button', { name: 'Добавить' }).click();

    const form = page.getByTestId('object-form');
    await form.getByLabel('Название').fill('БЦ «Нурлы Тау»');
    await form.getByLabel('Тип', { exact: true }).selectOption({ label: 'Бизнес-центр' });
    await form.getByLabel('Город').fill('Алматы');
    await form.getByLabel('Адрес').fill('пр. Аль-Фараби, 17');
    await form.getByLabel('Логотип').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    expect(await form.getByTestId('logo-preview').locator('img').getAttribute('src')).toMatch(/^blob:/);
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.waitForURL(/\/objects\/[0-9a-f-]{36}$/);
    await page.getByTestId('toast').getByText('Запись создана').first().waitFor();
    await expect.poll(() => form.getByTestId('logo-preview').locator('img').getAttribute('src')).toMatch(/^\/storage\/logos\/objects\/.+\.png$/);

    // The server judges the bytes: a text file named .png is refused and its words are shown.
    await form.getByLabel('Логотип').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await form.getByTestId('logo-error').getByText('Допустимы только изображения PNG, JPEG, WebP или SVG').waitFor();
    expect(await form.getByTestId('logo-preview').locator('img').getAttribute('src')).toMatch(/\.png$/);

    const rooms = page.getByTestId('rooms');
    await rooms.getByText('Помещений пока нет').waitFor();
    const add = rooms.getByTestId('room-add');
    await add.getByLabel('Номер').fill('A-1');
    await add.getByLabel('Этаж').fill('300');
    await add.getByLabel('Площадь, м²').fill('75,5');
    await add.getByRole('button', { name: 'Добавить помещение' }).click();
    await add.getByText('Этаж — целое число от -5 до 200').waitFor();
    await add.getByLabel('Этаж').fill('2');
    await add.getByRole('button', { name: 'Добавить помещение' }).click();
    const row = rooms.getByTestId('data-row').filter({ hasText: 'A-1' });
    await row.waitFor();
    expect(await row.textContent()).toContain('75,5');
    expect(await row.textContent()).toContain('Свободно');
  });

  it('lists the new object with its logo thumbnail and one room', async () => {
    const page = ctx.page;
    await page.getByTestId('nav-objects').click();
    const row = page.getByTestId('data-row').filter({ hasText: 'БЦ «Нурлы Тау»' });
    await row.waitFor();
    await expect.poll(() => page.getByTestId('data-row').count()).toBe(2);
    expect(await row.textContent()).toContain('Бизнес-центр');
    expect(await row.getByTestId('object-logo').locator('img').getAttribute('src')).toMatch(/^\/storage\/logos\/objects\/.+\.png$/);
    expect(await row.locator('td').nth(5).textContent()).toBe('1');
  });

  it('a room and then the object are erased, each asked first; an object with rooms is refused with the reason', async () => {
    const page = ctx.page;
    const objectRow = page.getByTestId('data-row').filter({ hasText: 'БЦ «Нурлы Тау»' });
    const dialog = page.getByTestId('confirm-dialog');
    // The object still has its room: the server refuses, and the toast says why.
    await objectRow.getByRole('button', { name: 'Удалить' }).click();
    await dialog.getByText('Удалить объект «БЦ „Нурлы Тау“»?').waitFor();
    await dialog.getByRole('button', { name: 'Да' }).click();
    await page.getByTestId('toast').getByText('Запись используется и не может быть удалена').waitFor();
    expect(await objectRow.count()).toBe(1);

    await objectRow.getByRole('button', { name: 'Изменить' }).click();
    const room = page.getByTestId('rooms').getByTestId('data-row').filter({ hasText: 'A-1' });
    await room.getByRole('button', { name: 'Удалить' }).click();
    await dialog.getByText('Удалить помещение №A-1?').waitFor();
    await dialog.getByRole('button', { name: 'Да' }).click();
    await page.getByTestId('toast').getByText('Запись удалена').first().waitFor();
    await page.getByTestId('rooms').getByText('Помещений пока нет').waitFor();

    await page.getByTestId('nav-objects').click();
    await objectRow.getByRole('button', { name: 'Удалить' }).click();
    await dialog.getByRole('button', { name: 'Да' }).click();
    await objectRow.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('data-row').count()).toBe(1);
  });
});
