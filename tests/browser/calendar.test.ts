import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { almatyDay, fromAlmatyInput, toAlmatyInput } from '#/shared/almaty';
import { calendarEvents, calendarExceptions, calendarOccurrenceAnswers, calendarParticipants, users } from '#server/db/schema';
import { signIn, useBrowser } from '../support/browser';

/** The Monday at least a week ahead, as Almaty (UTC+5) reads it: `YYYY-MM-DD`. */
function nextMonday(): string {
  const d = new Date(`${almatyDay(7)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7));
  return d.toISOString().slice(0, 10);
}
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('the calendar in Chromium', () => {
  const ctx = useBrowser();
  const monday = nextMonday();
  const title = 'Планёрка арендаторов';

  it('an employee creates a weekly event for tenants with a participant and a reminder; it shows in month, week and day views', async () => {
    const page = ctx.page;
    await signIn(page, 'employee');
    await page.getByTestId('nav-calendar').click();
    await page.getByRole('heading', { name: 'Календарь', level: 1 }).waitFor();
    await page.goto(`/calendar?view=week&date=${monday}`);
    await page.getByTestId('new-event').click();
    const form = page.getByTestId('event-form');
    // A title past 50 is kept whole as typed and told, not cut short.
    const long = 'Планёрка арендаторов по итогам месяца и плану работ на декабрь';
    await form.getByLabel('Название').fill(long);
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await form.getByText('не более 50 символов', { exact: false }).waitFor();
    expect(await form.getByLabel('Название').inputValue()).toBe(long);
    await form.getByLabel('Название').fill(title);
    await form.getByLabel('Дата').fill(monday);
    await form.getByLabel('Начало').fill('10:00');
    await form.getByLabel('Окончание').fill('11:00');
    await form.getByLabel('Повтор').selectOption('weekly');
    await form.getByTestId('weekday-0').check();
    await form.getByTestId('reminder-10').check();
    await form.getByLabel('Видимость').selectOption('renters');
    const picker = form.getByRole('combobox', { name: 'Участники' });
    await picker.fill('Дана');
    await page.getByRole('option').filter({ hasText: 'Дана Жумабекова' }).click();
    await form.getByTestId('participant-chip').filter({ hasText: 'Дана Жумабекова' }).waitFor();
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('toast').getByText('Событие сохранено').waitFor();

    const [row] = await ctx.h.db.select().from(calendarEvents).where(eq(calendarEvents.title, title));
    expect(row?.rrule).toBe('FREQ=WEEKLY;BYDAY=MO');
    expect(row?.reminders).toEqual([10]);
    expect(row?.visibility).toBe('renters');
    expect(row?.startsAt.toISOString()).toBe(fromAlmatyInput(`${monday}T10:00`));

    const item = page.locator('.rbc-event').filter({ hasText: title });
    await item.first().waitFor();
    await page.getByTestId('view-month').click();
    await page.waitForURL(/view=month/);
    await item.first().waitFor();
    await page.getByTestId('view-day').click();
    await page.waitForURL(/view=day/);
    await item.first().waitFor();
    expect(new URL(page.url()).searchParams.get('date')).toBe(monday);
    // The next day has no occurrence; the Monday after has one.
    await page.getByTestId('calendar-next').click();
    await page.getByText('Нет событий в этом периоде').or(page.locator('.rbc-time-view')).first().waitFor();
    expect(await item.count()).toBe(0);
  });

  it('the tenant sees the event and answers “going”; the employee sees the answer', async () => {
    const page = ctx.page;
    await signIn(page, 'renter');
    await page.goto(`/calendar?view=week&date=${monday}`);
    await page.locator('.rbc-event').filter({ hasText: title }).first().click();
    const view = page.getByTestId('event-view');
    // The day as everywhere else in the app: 01.12.2026, not 2026-12-01.
    const [y, m, d] = monday.split('-');
    await view.getByText(`${d}.${m}.${y} · 10:00–11:00`, { exact: false }).waitFor();
    await view.getByRole('button', { name: 'Пойду', exact: true }).click();
    await view.getByText('Ваш ответ: Пойду').waitFor();
    const [answer] = await ctx.h.db.select({ answer: calendarParticipants.answer }).from(calendarParticipants);
    expect(answer?.answer).toBe('going');
    // A tenant only answers: no creating, no editing.
    expect(await page.getByTestId('new-event').count()).toBe(0);
    expect(await view.getByTestId('edit-event').count()).toBe(0);

    const staff = await ctx.h.browser.newPage({ baseURL: ctx.h.baseUrl });
    await signIn(staff, 'employee');
    await staff.goto(`/calendar?view=week&date=${monday}`);
    await staff.locator('.rbc-event').filter({ hasText: title }).first().click();
    await staff.getByTestId('event-participants').getByText('Дана Жумабекова — Пойду').waitFor();
    await staff.close();
  });

  it('writes the calendar’s Russian texts: weekdays пн … вс, the week by its range, a one-hour block’s whole title, a close button', async () => {
    const page = ctx.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'renter');
    await page.goto(`/calendar?view=month&date=${monday}`);
    await expect.poll(() => page.locator('.rbc-month-header .rbc-header').allTextContents()).toEqual(['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс']);
    const week3 = plusDays(monday, 21);
    await page.goto(`/calendar?view=week&date=${week3}`);
    const label = (await page.getByTestId('calendar-label').textContent()) ?? '';
    expect(label).toMatch(new RegExp(`^${Number(week3.slice(8))}\\D`));
    expect(label).toMatch(new RegExp(`–\\s?${Number(plusDays(week3, 6).slice(8))}\\D`));
    const block = page.locator('.rbc-event').filter({ hasText: title }).first();
    await block.waitFor();
    const content = block.locator('.rbc-event-content');
    expect(await content.textContent()).toBe(`10:00 ${title}`);
    // The whole text lies inside the block, not cut after its first word.
    const fit = await block.evaluate((ev) => {
      const text = (ev.querySelector('.rbc-event-content span') ?? ev).getBoundingClientRect();
      const box = ev.getBoundingClientRect();
      return { text: [text.bottom, text.right], box: [box.bottom, box.right] };
    });
    expect(fit.text[0]! <= fit.box[0]! + 1 && fit.text[1]! <= fit.box[1]! + 1, JSON.stringify(fit)).toBe(true);
    await block.click();
    await page.getByTestId('event-view').waitFor();
    await page.getByTestId('event-dialog').getByRole('button', { name: 'Закрыть' }).click();
    await expect.poll(() => page.getByTestId('event-dialog').count()).toBe(0);
  });

  it('the tenant answers “not going” for one date; the series’ other dates keep “going”', async () => {
    const page = ctx.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'renter');
    const week3 = plusDays(monday, 21);
    await page.goto(`/calendar?view=week&date=${week3}`);
    await page.locator('.rbc-event').filter({ hasText: title }).first().click();
    const view = page.getByTestId('event-view');
    await view.getByText('Ваш ответ: Пойду (для всей серии)').waitFor();
    await view.getByTestId('answer-scope').selectOption('occurrence');
    await view.getByRole('button', { name: 'Не пойду', exact: true }).click();
    await view.getByText('Ваш ответ: Не пойду (на эту дату)').waitFor();
    const answers = await ctx.h.db.select().from(calendarOccurrenceAnswers);
    expect(answers.map((a) => [a.occurrenceStart.toISOString(), a.answer])).toEqual([[fromAlmatyInput(`${week3}T10:00`), 'not_going']]);
    await page.getByTestId('event-dialog-close').click();

    await page.goto(`/calendar?view=week&date=${plusDays(monday, 28)}`);
    await page.locator('.rbc-event').filter({ hasText: title }).first().click();
    await page.getByTestId('event-view').getByText('Ваш ответ: Пойду (для всей серии)').waitFor();
  });

  it('dragging an occurrence moves it, the move persists after a reload, and the participant is told', async () => {
    const page = ctx.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'employee');
    await page.goto(`/calendar?view=week&date=${monday}`);
    const item = page.locator('.rbc-event').filter({ hasText: title }).first();
    await item.waitFor();
    const columns = page.locator('.rbc-time-content .rbc-day-slot');
    const mon = await columns.nth(0).boundingBox();
    const tue = await columns.nth(1).boundingBox();
    const box = await item.boundingBox();
    if (!mon || !tue || !box) throw new Error('calendar not laid out');
    const x = box.x + box.width / 2;
    const y = box.y + 8;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 10, y + 5, { steps: 3 });
    await page.mouse.move(x + (tue.x - mon.x), y, { steps: 10 });
    await page.mouse.up();
    await expect.poll(async () => (await ctx.h.db.select().from(calendarExceptions)).length, { timeout: 10_000 }).toBe(1);
    const [moved] = await ctx.h.db.select().from(calendarExceptions);
    expect(moved?.occurrenceStart.toISOString()).toBe(fromAlmatyInput(`${monday}T10:00`));
    expect(moved?.startsAt?.toISOString().slice(0, 10)).toBe(fromAlmatyInput(`${plusDays(monday, 1)}T10:00`).slice(0, 10));

    await page.reload();
    const after = page.locator('.rbc-event').filter({ hasText: title }).first();
    await after.waitFor();
    const afterBox = await after.boundingBox();
    const tueNow = await page.locator('.rbc-time-content .rbc-day-slot').nth(1).boundingBox();
    expect(afterBox && tueNow && afterBox.x >= tueNow.x - 1 && afterBox.x < tueNow.x + tueNow.width).toBe(true);

    // The participant is told of the move, in its inbox.
    const renter = await ctx.h.browser.newPage({ baseURL: ctx.h.baseUrl });
    await signIn(renter, 'renter');
    await renter.goto('/notifications');
    await renter
      .getByTestId('notification')
      .filter({ hasText: `Событие «${title}» изменено` })
      .first()
      .waitFor();
    await renter.close();
  });

  it('says why a date of the series is in italics: it was changed apart from the series', async () => {
    const page = ctx.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'employee');
    await page.goto(`/calendar?view=week&date=${monday}`);
    const moved = page.locator('.rbc-event.changed').filter({ hasText: title }).first();
    await moved.waitFor();
    await page.getByTestId('calendar-changed-legend').getByText('Курсивом — даты серии, изменённые отдельно от неё', { exact: false }).waitFor();
    expect(await moved.getAttribute('title')).toContain(`${title} — изменено отдельно от серии`);
    await moved.click();
    await page.getByTestId('event-changed').getByText('изменено отдельно от серии').waitFor();
  });

  it('cancelling one occurrence asks about that day only; deleting the series asks about all of it, and the deleted event is not asked for again', async () => {
    const page = ctx.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, 'employee');
    const missing: string[] = [];
    page.on('response', (r) => r.url().includes('/api/calendar/events/') && r.status() === 404 && missing.push(r.url()));
    const week2 = plusDays(monday, 7);
    await page.goto(`/calendar?view=week&date=${week2}`);
    await page.locator('.rbc-event').filter({ hasText: title }).first().click();
    await page.getByTestId('event-view').getByTestId('delete-occurrence').click();
    const [y, m, d] = week2.split('-');
    const ask = page.getByTestId('confirm-dialog');
    await ask.getByText(`Отменить событие «${title}» ${d}.${m}.${y}? Остальные события серии останутся.`).waitFor();
    await ask.getByRole('button', { name: 'Да' }).click();
    await expect.poll(async () => (await ctx.h.db.select().from(calendarExceptions)).filter((x) => x.cancelled).length).toBe(1);

    await page.goto(`/calendar?view=week&date=${plusDays(monday, 14)}`);
    await page.locator('.rbc-event').filter({ hasText: title }).first().click();
    await page.getByTestId('event-view').getByTestId('delete-event').click();
    await ask.getByText(`Удалить всю серию «${title}» — все её события, и перенесённые тоже?`).waitFor();
    await ask.getByRole('button', { name: 'Да' }).click();
    await page.getByTestId('toast').getByText('Событие удалено').waitFor();
    expect(await ctx.h.db.select().from(calendarEvents).where(eq(calendarEvents.title, title))).toEqual([]);
    await expect.poll(() => page.locator('.rbc-event').filter({ hasText: title }).count()).toBe(0);
    expect(missing).toEqual([]);
  });

  it('offers an employee at creator the change of the landlord’s event, not its deletion (the server would refuse it)', async () => {
    const [landlord] = await ctx.h.db.select({ id: users.id, landlordId: users.landlordId }).from(users).where(eq(users.username, 'landlord'));
    const [ev] = await ctx.h.db
      .insert(calendarEvents)
      .values({
        landlordId: landlord!.landlordId!,
        creatorUserId: landlord!.id,
        title: 'Обход владельца',
        startsAt: new Date(fromAlmatyInput(`${monday}T15:00`)),
        endsAt: new Date(fromAlmatyInput(`${monday}T16:00`)),
        visibility: 'all',
      })
      .returning({ id: calendarEvents.id });
    const page = ctx.page;
    await signIn(page, 'employee');
    await page.goto(`/calendar?view=week&date=${monday}&event=${ev!.id}`);
    const view = page.getByTestId('event-view');
    await view.getByTestId('edit-event').waitFor();
    expect(await view.getByTestId('delete-event').count()).toBe(0);
    await ctx.h.db.delete(calendarEvents).where(eq(calendarEvents.id, ev!.id));
  });

  it('draws “now” on Almaty’s clock in a browser of another zone, as it draws the events', async () => {
    const context = await ctx.h.browser.newContext({ baseURL: ctx.h.baseUrl, timezoneId: 'America/Los_Angeles', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signIn(page, 'employee');
    await page.goto('/calendar?view=day');
    const line = page.locator('.rbc-current-time-indicator');
    await line.waitFor({ state: 'attached' });
    const top = Number((await line.evaluate((el) => (el as HTMLElement).style.top)).replace('%', ''));
    const [hours, minutes] = toAlmatyInput(Date.now()).slice(11, 16).split(':').map(Number) as [number, number];
    const expected = ((hours * 60 + minutes) / 1440) * 100;
    // Los Angeles reads 13 hours earlier: without the shift the line would be half a day away.
    expect(Math.abs(top - expected)).toBeLessThan(1);
    await context.close();
  });

  it('fits a 390 px phone without sideways scrolling', async () => {
    const page = ctx.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'employee');
    for (const view of ['', '?view=month', '?view=week', `?view=day&date=${monday}`, `?view=agenda&date=${monday}`]) {
      await page.goto(`/calendar${view}`);
      await page.getByTestId('calendar').waitFor();
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    // A week's seven columns are too narrow to read there: the phone offers the month, a day and the list.
    expect(await page.getByTestId('view-week').count()).toBe(0);
    expect(await page.getByTestId('view-day').count()).toBe(1);
  });
});
