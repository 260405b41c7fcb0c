import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Harness } from '../support/api-harness';
import { signIn, useBrowser } from '../support/browser';
import { sheetOf } from '../support/imports';

/** Chooses what to import, sends the file for the check and waits for its counts. */
async function importFile(page: Page, entity: string, file: Buffer, name: string, fresh: number) {
  await page.getByTestId('import-entity').selectOption(entity);
  await page.getByTestId('import-file').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: file });
  await page.getByRole('button', { name: 'Проверить файл' }).click();
  const result = page.getByTestId('import-result');
  await expect.poll(() => result.getByTestId('import-count-new').textContent()).toBe(String(fresh));
  expect(await result.getByTestId('import-count-wrong').textContent()).toBe('0');
  await page.getByRole('button', { name: 'Загрузить' }).click();
  await page.getByTestId('toast').getByText(`Импорт загружен: новых ${fresh}, изменённых 0`).waitFor();
  await result.getByTestId('import-status').getByText('Загружен').waitFor();
}

// A centre moves in: its units from a .csv, then their signed leases from an .xlsx; the property's units
// say they are let, and the lease's history says it came from the file.
describe('moving a centre in: units, then their leases', () => {
  const ctx = useBrowser();
  const api = new Harness('pglite');
  let object = { id: '', name: '' };
  let tenant = { bin_iin: '', legal_name: '' };

  beforeAll(async () => {
    api.baseUrl = ctx.h.baseUrl;
    api.db = ctx.h.db;
    const token = await api.login('landlord');
    object = (await api.api('/objects', { token })).body.data[0];
    tenant = (await api.api('/renters', { token })).body.data[0];
  });

  it('a landlord imports two units and a signed lease of both; the units are let until its end', async () => {
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.getByTestId('nav-imports').click();
    await page.getByRole('heading', { name: 'Импорт', level: 1 }).waitFor();

    const units = Buffer.from(['object;number;floor;area', `${object.name};M-1;3;25`, `${object.name};M-2;3;35,5`, ''].join('\n'));
    await importFile(page, 'units', units, 'units.csv', 2);

    const leases = await sheetOf([
      ['number', 'bin_iin', 'object', 'rooms', 'signed_on', 'starts_on', 'ends_on', 'rate', 'deposit', 'payment_day', 'indexation_percent', 'notes'],
      ['ИМП-1', tenant.bin_iin, object.name, 'M-1, M-2', '20.12.2025', '01.01.2026', '31.12.2027', '6000', '', '5', '', ''],
    ]);
    await importFile(page, 'leases', leases, 'leases.xlsx', 1);

    await page.goto(`/objects/${object.id}`);
    const rows = page.getByTestId('rooms').getByTestId('data-row');
    for (const number of ['M-1', 'M-2']) {
      await expect
        .poll(async () => rows.filter({ hasText: number }).getByTestId('room-lease').textContent())
        .toBe(`Занято: ${tenant.legal_name} до 31.12.2027`);
    }

    await page.goto('/contracts?search=ИМП-1');
    await page.getByRole('link', { name: /ИМП-1/ }).first().click();
    await page.getByTestId('contract-view').waitFor();
    const history = page.getByTestId('contract-history').getByTestId('history-entry');
    await expect.poll(() => history.first().textContent()).toContain('Договор загружен из файла');
    expect(await history.first().textContent()).toContain('leases.xlsx');
  });
});
