import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { almatyToday } from '#/shared/almaty';
import { addDays } from '#/shared/days';
import { charges, employees, invoices, renters, users } from '#server/db/schema';
import type { Harness } from './api-harness';
import { PNG, postForm } from './requests';

/** The demo landlord's ids: its landlord, first property, the demo tenant and the unit on its card, and one more unit of the property. */
export async function meterBench(h: Harness, landlordToken: string, renterToken: string) {
  const me = (await h.api('/renters/me', { token: renterToken })).body as { id: string };
  const [renter] = await h.db
    .select({ roomId: renters.roomId, landlordId: renters.landlordId, userId: renters.userId })
    .from(renters)
    .where(eq(renters.id, me.id));
  const objectId = (await h.api('/objects', { token: landlordToken })).body.data[0].id as string;
  const other = await h.api(`/objects/${objectId}/rooms`, { token: landlordToken, body: { number: 'M-OTHER', floor: 1, area: 20 } });
  expect(other.status).toBe(201);
  return {
    landlordId: renter?.landlordId as string,
    renterId: me.id,
    renterUserId: renter?.userId as string,
    objectId,
    roomId: renter?.roomId as string,
    otherRoomId: other.body.id as string,
  };
}

/** Sets the demo employee's `meters` level for `work`, and back after. */
export async function withMetersLevel(h: Harness, landlordToken: string, level: string, work: () => Promise<void>) {
  const [me] = await h.db.select({ id: employees.id }).from(employees).innerJoin(users, eq(users.id, employees.userId)).where(eq(users.username, 'employee'));
  const table = await h.api('/settings/access', { token: landlordToken });
  const levels = table.body.employees.find((e: { employee_id: string }) => e.employee_id === me?.id).levels;
  const grant = (to: string) => h.api(`/settings/access/${me?.id}`, { method: 'PUT', token: landlordToken, body: { levels: { ...levels, meters: to } } });
  expect((await grant(level)).status).toBe(200);
  try {
    await work();
  } finally {
    await grant(levels.meters);
  }
}

export const userIdOf = async (h: Harness, username: string) =>
  ((await h.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id ?? '') as string;

/** A meter made through the API (201 expected); what it was made with can be overridden. */
export async function addMeter(h: Harness, token: string, body: Record<string, unknown>) {
  const res = await h.api('/meters', { token, body: { type: 'electricity', installed_on: '2025-01-01', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; serial: string };
}

/** POST /meter-readings as a form; `photo: null` sends none. */
export const submit = (h: Harness, token: string, fields: { meter_id: string; value: string; period?: string }, photo: Buffer | null = PNG) =>
  postForm(h, '/meter-readings', { ...fields, ...(photo && { photo: { data: photo, name: 'dial.png' } }) }, { token });

/** A meter's month on an invoice, as the billing run would leave it: its utility charge on an issued invoice. */
export async function markBilled(h: Harness, b: { landlordId: string; renterId: string; meterId: string; period: string }) {
  const [invoice] = await h.db
    .insert(invoices)
    .values({
      landlordId: b.landlordId,
      renterId: b.renterId,
      period: b.period,
      dueOn: addDays(b.period, 40),
      status: 'issued',
      subtotal: '100.00',
      total: '100.00',
    })
    .returning({ id: invoices.id });
  await h.db.insert(charges).values({
    landlordId: b.landlordId,
    renterId: b.renterId,
    period: b.period,
    kind: 'utility',
    description: 'Электроэнергия',
    amount: '100.00',
    meterId: b.meterId,
    invoiceId: invoice?.id,
  });
}

/**
 * Runs `work` on an Almaty day of this month that a window (days 1 to 28) can hold: today, or the 28th
 * on the 29th to the 31st (the process's clock is set back those days, Date only, for the calls).
 */
export async function onWindowDay<T>(work: (day: number) => Promise<T>): Promise<T> {
  const today = almatyToday();
  const day = Number(today.slice(8, 10));
  if (day <= 28) return work(day);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - (day - 28) * 86_400_000);
  try {
    return await work(28);
  } finally {
    vi.useRealTimers();
  }
}

/** The window settings that leave `day` outside the window. */
export const closedAround = (day: number) => (day > 1 ? { window_from: 1, window_to: day - 1 } : { window_from: 2, window_to: 3 });
