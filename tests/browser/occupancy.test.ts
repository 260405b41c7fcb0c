import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { almatyDay, almatyToday, leaseTermEnd } from '#/shared/almaty';
import { withCheckDigit } from '#/shared/kz-ids';
import { objects } from '#server/db/schema';
import { signIn, useBrowser } from '../support/browser';

const PHONE = { width: 390, height: 844 };
const RENTER = 'ИП «Без договора»';

/** Nothing wider than the phone: the window and the document both stay at 390 px. */
async function expectFits(page: Page, where: string) {
  const [inner, scroll] = await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
  expect(inner, `${where}: window width`).toBe(PHONE.width);
  expect(scroll, `${where}: document width`).toBeLessThanOrEqual(PHONE.width);
}

// A renter registered in unit 102 of the demo centre with no lease on file: the rent roll and the centre's
// units mark it (on a phone too), and the one action opens the lease form filled from the renter card.
describe('a unit with no lease on file in Chromium', () => {
  const ctx = useBrowser();
  const registered = almatyDay(-40);
  let centreId = '';

  /** Registers a renter in a unit of the demo centre through the API, as the renters' form would; answers its id. */
  const register = async (unit: string, name: string, username: string): Promise<string> => {
    const login = await fetch(`${ctx.h.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'landlord', password: 'demo1234' }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const [centre] = await ctx.h.db.select({ id: objects.id }).from(objects).where(eq(objects.name, 'ТРЦ «Mega Center»'));
    centreId = centre!.id;
    const rooms = (await (await fetch(`${ctx.h.baseUrl}/api/objects/${centreId}/rooms`, { headers: auth })).json()) as Array<{ id: string; number: string }>;
    const res = await fetch(`${ctx.h.baseUrl}/api/renters`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        legal_name: name,
        bin_iin: withCheckDigit(`9005014${unit.padStart(4, '0')}`),
        trade_point_name: 'Без договора',
        trade_category: 'Обувь',
        room_id: rooms.find((r) => r.number === unit)!.id,
        lease_contract_date: registered,
        trade_area: 55.5,
        contact_full_name: 'Айдар Серикбаев',
        contact_position: 'Директор',
        phone: '+77071234500',
        email: `${username}@example.kz`,
        legal_address: 'Алматы, ул. Абая, 1',
        username,
      }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };

  it('the rent roll marks the unit "нет договора в системе" and its action opens the lease form prefilled', async () => {
    await register('102', RENTER, 'no.lease.renter');
    const page = ctx.page;
    await signIn(page, 'landlord');
    await page.goto('/contracts/rent-roll');
    const totals = page.getByTestId('rent-roll-totals');
    await totals.waitFor();
    // The demo tenant's unit is leased; the new renter's is occupied with no lease on file.
    expect(await totals.getByTestId('total-leased_rooms').textContent()).toBe('1');
    expect(await totals.getByTestId('total-no_lease_rooms').textContent()).toBe('1');
    expect(await totals.getByTestId('total-vacant_rooms').textContent()).toBe('4');
    const dana = page.getByTestId('data-row').filter({ hasText: '№101' });
    expect(await dana.textContent()).toContain('ИП «Dana Fashion»');
    const row = page.getByTestId('data-row').filter({ hasText: '№102' });
    await row.getByText('нет договора в системе').waitFor();
    expect(await row.textContent()).toContain(RENTER);

    await row.getByTestId('no-lease-create').click();
    await page.waitForURL(/\/contracts\/create\?/);
    const form = page.getByTestId('contract-form');
    await expect.poll(() => form.getByTestId('contract-renter').locator('option:checked').textContent()).toBe(`${RENTER} (Без договора)`);
    await expect.poll(() => form.getByTestId('contract-object').locator('option:checked').textContent()).toBe('ТРЦ «Mega Center»');
    await expect.poll(() => form.getByLabel('№102 · 1 этаж · 55,5 м²').isChecked()).toBe(true);
    expect(await form.getByLabel('№103 · 1 этаж · 71 м²').isChecked()).toBe(false);
    expect(await form.getByLabel('Начало аренды').inputValue()).toBe(registered);
    expect(await form.getByLabel('Окончание аренды').inputValue()).toBe(leaseTermEnd(registered, almatyToday()));

    // Number and rate typed, the draft saved, signed: the unit is leased on the rent roll, the mark gone.
    await form.getByLabel('Номер договора').fill('А-2026/102');
    await form.getByLabel('Ставка, ₸ за м² в месяц').fill('7000');
    await form.getByRole('button', { name: 'Создать договор' }).click();
    await page.waitForURL(/\/contracts\/view\/[0-9a-f-]{36}$/);
    await page.getByTestId('action-activate').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Ввести в действие' }).click();
    await page.getByTestId('contract-status').getByText('Действует').waitFor();
    await page.goto('/contracts/rent-roll');
    await page.getByTestId('rent-roll-totals').waitFor();
    expect(await page.getByTestId('total-leased_rooms').textContent()).toBe('2');
    expect(await page.getByTestId('total-no_lease_rooms').textContent()).toBe('0');
    expect(await page.getByText('нет договора в системе').count()).toBe(0);
  });

  it('on a 390 px phone the rent roll, the centre’s units and the renter card show the mark without sideways scroll', async () => {
    const phoneRenter = 'ТОО «Телефон»';
    const id = await register('103', phoneRenter, 'phone.no.lease');
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    try {
      await signIn(page, 'landlord');
      await page.goto('/contracts/rent-roll');
      await page.getByTestId('rent-roll-totals').waitFor();
      const row = page.getByTestId('data-row').filter({ hasText: '№103' });
      await row.getByText('нет договора в системе').waitFor();
      expect(await row.getByTestId('no-lease-create').isVisible()).toBe(true);
      await expectFits(page, 'rent roll');

      await page.goto(`/objects/${centreId}`);
      const unit = page.getByTestId('rooms').getByTestId('data-row').filter({ hasText: phoneRenter });
      await unit.getByText('нет договора в системе').waitFor();
      expect(await unit.getByTestId('no-lease-create').isVisible()).toBe(true);
      await expectFits(page, 'the centre’s units');

      await page.goto(`/renters/view/${id}`);
      const card = page.getByTestId('renter-occupancy');
      await card.getByText('нет договора в системе').waitFor();
      await expectFits(page, 'the renter card');
      // The card's action opens the same prefilled form.
      await card.getByTestId('no-lease-create').click();
      await page.waitForURL(/\/contracts\/create\?/);
      await expect.poll(() => page.getByTestId('contract-renter').locator('option:checked').textContent()).toBe(`${phoneRenter} (Без договора)`);
      await expectFits(page, 'the prefilled lease form');
    } finally {
      await context.close();
    }
  });
});
