import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { invoices, notifications, paymentCheckouts, payments, renters, users } from '#server/db/schema';
import { describeEachDatabase, type Harness } from '../support/api-harness';
import { signedLease } from '../support/billing';

type Invoice = { id: string; number: string; status: string; total: string; paid: string; due_on: string; pay_online: boolean };
const SECRET = 'provider-secret-for-tests';
const PAGE = 'https://pay.example.kz/checkout';

/** The provider's callback as it sends it: the exact bytes, signed (or not) by X-Signature. */
async function callback(h: Harness, body: Record<string, unknown>, secret = SECRET, provider = 'hmac') {
  const raw = JSON.stringify(body);
  const res = await fetch(`${h.baseUrl}/api/billing/providers/${provider}/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', secret).update(raw).digest('hex') },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describeEachDatabase(
  'billing: paying an invoice online',
  (h) => {
    const t = { landlord: '', renter: '', landlord2: '', renter2: '' };
    let renterId = '';
    let january: Invoice;

    beforeAll(async () => {
      for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
      renterId = (await h.api('/renters/me', { token: t.renter })).body.id;
      await signedLease(h, t.landlord, { number: 'K-1', renterId, areas: [10], rate: '10000', startsOn: '2027-01-01', endsOn: '2027-12-31', paymentDay: 10 });
      await h.api('/billing/runs', { token: t.landlord, body: { period: '2027-01-01' } });
      const [listed] = (await h.api(`/invoices?period=2027-01-01&renter_id=${renterId}`, { token: t.landlord })).body.data as Invoice[];
      january = (await h.api(`/invoices/${listed?.id}`, { token: t.renter })).body;
    });

    it('the tenant is offered a payment link for what it owes; the checkout is kept', async () => {
      expect(january.pay_online).toBe(true);
      const res = await h.api(`/invoices/${january.id}/checkout`, { token: t.renter, method: 'POST' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const url = new URL(res.body.url);
      expect(`${url.origin}${url.pathname}`).toBe(PAGE);
      expect(url.searchParams.get('amount')).toBe(january.total);
      expect(url.searchParams.get('return_url')).toBe(`http://localhost:5173/invoices/${january.id}`);
      expect(url.searchParams.get('description')).toBe(`Счёт № ${january.number}`);
      const [kept] = await h.db
        .select()
        .from(paymentCheckouts)
        .where(eq(paymentCheckouts.externalId, url.searchParams.get('external_id') ?? ''));
      expect(kept).toMatchObject({ invoiceId: january.id, provider: 'hmac', amount: january.total, paymentId: null });
      // Staff may ask for one too.
      expect((await h.api(`/invoices/${january.id}/checkout`, { token: t.landlord, method: 'POST' })).status).toBe(201);
    });

    it("another landlord's staff and another tenant find no invoice to pay", async () => {
      expect((await h.api(`/invoices/${january.id}/checkout`, { token: t.landlord2, method: 'POST' })).status).toBe(404);
      expect((await h.api(`/invoices/${january.id}/checkout`, { token: t.renter2, method: 'POST' })).status).toBe(404);
      // A tenant of the same landlord: its neighbour's invoice is not there for it.
      const [own] = await h.db.select({ landlordId: renters.landlordId, roomId: renters.roomId }).from(renters).where(eq(renters.id, renterId));
      const [login] = await h.db
        .insert(users)
        .values({ landlordId: own?.landlordId, username: 'neighbour', email: 'neighbour@example.kz', fullName: 'Сосед', role: 'renter' })
        .returning({ id: users.id });
      const [neighbour] = await h.db
        .insert(renters)
        .values({
          landlordId: own?.landlordId as string,
          userId: login?.id as string,
          roomId: own?.roomId as string,
          legalName: 'ТОО «Сосед»',
          binIin: '000000000000',
          tradePointName: 'Сосед',
          tradeCategory: 'Одежда',
          leaseContractDate: '2027-01-01',
          tradeArea: '10',
          contactFullName: 'Сосед',
          contactPosition: 'Директор',
          phone: '+77010000000',
          email: 'neighbour@example.kz',
          legalAddress: 'Алматы',
        })
        .returning({ id: renters.id });
      const [theirs] = await h.db
        .insert(invoices)
        .values({
          landlordId: own?.landlordId as string,
          renterId: neighbour?.id as string,
          period: '2027-01-01',
          dueOn: '2027-01-10',
          status: 'issued',
          total: '100.00',
        })
        .returning({ id: invoices.id });
      expect((await h.api(`/invoices/${theirs?.id}/checkout`, { token: t.renter, method: 'POST' })).status).toBe(404);
    });

    it('a callback not signed by the provider is refused (401) and records nothing; an unknown provider or checkout is 404', async () => {
      const res = await h.api(`/invoices/${january.id}/checkout`, { token: t.renter, method: 'POST' });
      const externalId = new URL(res.body.url).searchParams.get('external_id');
      const paid = { external_id: externalId, amount: january.total, paid_at: '2027-01-05T10:00:00Z', provider_ref: 'KSP-forged' };
      expect((await callback(h, paid, 'not-the-secret-at-all')).status).toBe(401);
      expect((await callback(h, paid, SECRET, 'kaspi')).status).toBe(404);
      expect((await callback(h, { ...paid, external_id: 'unknown' })).status).toBe(404);
      expect(await h.db.select().from(payments).where(eq(payments.providerRef, 'KSP-forged'))).toEqual([]);
    });

    it('a signed callback pays the invoice once: the same callback again changes nothing', async () => {
      const res = await h.api(`/invoices/${january.id}/checkout`, { token: t.renter, method: 'POST' });
      const externalId = new URL(res.body.url).searchParams.get('external_id');
      const paid = { external_id: externalId, amount: january.total, paid_at: '2027-01-05T20:00:00Z', provider_ref: 'KSP-1001' };
      const first = await callback(h, paid);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const again = await callback(h, paid);
      expect(again).toEqual(first);
      const after = (await h.api(`/invoices/${january.id}`, { token: t.renter })).body as Invoice & { payments: unknown[] };
      expect(after).toMatchObject({ status: 'paid', paid: january.total, pay_online: false });
      // 20:00 UTC is the next day in Almaty.
      expect(after.payments).toEqual([
        { payment_id: first.body.payment_id, received_on: '2027-01-06', method: 'provider', reference: 'KSP-1001', amount: january.total },
      ]);
      expect(await h.db.select({ id: payments.id }).from(payments).where(eq(payments.providerRef, 'KSP-1001'))).toHaveLength(1);
      const [checkout] = await h.db
        .select()
        .from(paymentCheckouts)
        .where(eq(paymentCheckouts.externalId, externalId ?? ''));
      expect(checkout?.paymentId).toBe(first.body.payment_id);
      // The tenant is told once.
      const [{ userId } = { userId: '' }] = await h.db.select({ userId: renters.userId }).from(renters).where(eq(renters.id, renterId));
      const told = await h.db
        .select({ params: notifications.params })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'payment.received')));
      expect(told).toEqual([{ params: { amount: january.total, invoices: january.number, balance: expect.any(String) } }]);
      // Paid: no more link.
      const late = await h.api(`/invoices/${january.id}/checkout`, { token: t.renter, method: 'POST', lang: 'en' });
      expect(late.status).toBe(409);
      expect(late.body.error.code).toBe('invalid_state');
    });
  },
  { config: { paymentProvider: { name: 'hmac', url: PAGE, secret: SECRET } } },
);

describeEachDatabase('billing: no payment provider configured', (h) => {
  it('no invoice offers paying online, and a checkout says why', async () => {
    const landlord = await h.login('landlord');
    const renter = await h.login('renter');
    const renterId = (await h.api('/renters/me', { token: renter })).body.id;
    await signedLease(h, landlord, { number: 'K-2', renterId, areas: [10], rate: '10000', startsOn: '2027-01-01', endsOn: '2027-12-31' });
    await h.api('/billing/runs', { token: landlord, body: { period: '2027-01-01' } });
    const [invoice] = (await h.api('/invoices', { token: renter })).body.data as Invoice[];
    expect((await h.api(`/invoices/${invoice?.id}`, { token: renter })).body.pay_online).toBe(false);
    const res = await h.api(`/invoices/${invoice?.id}/checkout`, { token: renter, method: 'POST', lang: 'en' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'payment_provider_not_configured', message: expect.stringContaining('Online payment is not set up') });
    expect((await callback(h, { external_id: 'x', amount: '1.00', paid_at: '2027-01-05T10:00:00Z', provider_ref: 'r' })).status).toBe(404);
  });
});
