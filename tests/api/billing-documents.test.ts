import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { formatDecimal } from '#/i18n/formatters';
import { renters, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { signedLease } from '../support/billing';
import { textOf } from '../support/docx';
import { download, pdfText } from '../support/pdf';

type Invoice = { id: string; number: string; status: string; subtotal: string; vat: string; total: string };
const KAZAKH_NAME = 'ЖШС «Әуезхан Ғалым Қоңыр Өнер Ұлы Үміт Һәм Ізгі»';

describeEachDatabase('billing: the invoice as a PDF', (h) => {
  const t = { landlord: '', employee: '', renter: '', landlord2: '', renter2: '' };
  let renterId = '';
  let invoice: Invoice;

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    renterId = (await h.api('/renters/me', { token: t.renter })).body.id;
    // The tenant reads Kazakh, under a name with every Kazakh letter; the landlord left its KNP out.
    const [renter] = await h.db.update(renters).set({ legalName: KAZAKH_NAME }).where(eq(renters.id, renterId)).returning({ userId: renters.userId });
    await h.db
      .update(users)
      .set({ language: 'kk' })
      .where(eq(users.id, renter?.userId ?? ''));
    const settings = await h.api('/billing/settings', {
      token: t.landlord,
      method: 'PUT',
      body: {
        auto_run: false,
        run_day: 1,
        due_day: 10,
        vat_payer: true,
        vat_rate: '12',
        bin: '123456789013',
        bank: 'АО «Kaspi Bank»',
        iik: 'KZ86125KZT5004100100',
        bik: 'CASPKZKA',
        kbe: '17',
        knp: '',
      },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    await signedLease(h, t.landlord, { number: 'D-1', renterId, areas: [20], rate: '5000', startsOn: '2026-01-01', endsOn: '2026-12-31', paymentDay: 5 });
    expect((await h.api('/billing/runs', { token: t.landlord, body: { period: '2026-10-01' } })).status).toBe(200);
    invoice = (await h.api(`/invoices?period=2026-10-01&renter_id=${renterId}`, { token: t.landlord })).body.data[0] as Invoice;
  });

  it("is written in the tenant's language whoever downloads it, with both parties, the lines and the totals", async () => {
    const pdf = await download(h, t.landlord, `/invoices/${invoice.id}/pdf`, 'ru');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(`Шот ${invoice.number}.pdf`)}`);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain(`№ ${invoice.number} төлем шоты`);
    expect(text).toContain(KAZAKH_NAME);
    for (const letter of 'әғқңөұүһі') expect(text.toLowerCase()).toContain(letter);
    expect(text).toContain('АО «Kaspi Bank»');
    expect(text).toContain('KZ86125KZT5004100100');
    expect(text).toContain('CASPKZKA');
    expect(text).toContain('123456789013');
    // The KNP not given says so in its place.
    expect(text).toMatch(/ТМК\s*жалға берушінің баптауларында көрсетілмеген/);
    expect(text).toContain('Жалдау, 2026 ж. қазан');
    // D-1: 20 m² × 5,000 = 100,000 net, 12,000 VAT, 112,000 in all; the totals the invoice's own, written as Kazakh writes numbers.
    // (pdf.js reads the no-break space between thousands back as a space.)
    const kk = (v: string) => formatDecimal(v, 'kk').replace(/\u00a0/g, ' ');
    expect(text).toContain(`Жалдау, 2026 ж. қазан, № D-1 шарт ${kk('100000.00')} ${kk('12000.00')} ${kk('112000.00')}`);
    expect(text).toContain(`ҚҚС-сыз жиыны ${kk(invoice.subtotal)}`);
    expect(text).toContain(`ҚҚС ${kk(invoice.vat)}`);
    expect(text).toContain(`Төлеуге барлығы ${kk(invoice.total)}`);
    expect(text).toContain('Төлеу мерзімі: 05.10.2026');
  });

  it('the certificate of services (АВР) is a .docx in the tenant language with the parties, the lines and the totals', async () => {
    const act = await download(h, t.renter, `/invoices/${invoice.id}/act`);
    expect(act.status).toBe(200);
    expect(act.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(act.headers.get('content-disposition')).toContain(encodeURIComponent(`ОЖА ${invoice.number}.docx`));
    const text = textOf(act.bytes);
    const kk = (v: string) => formatDecimal(v, 'kk');
    expect(text).toContain(`№ ${invoice.number} орындалған жұмыстар (көрсетілген қызметтер) актісі`);
    expect(text).toContain(`Сатып алушы (жалға алушы): ${KAZAKH_NAME}`);
    expect(text).toContain('БСН/ЖСН 123456789013');
    expect(text).toContain(`Жалдау, 2026 ж. қазан, № D-1 шарт — ${kk('100000.00')} + ${kk('12000.00')} = ${kk('112000.00')}`);
    expect(text).toContain(`Төлеуге барлығы: ${kk(invoice.total)}`);
    expect((await download(h, t.landlord2, `/invoices/${invoice.id}/act`)).status).toBe(404);
  });

  it('the tenant downloads its own; another tenant or landlord gets 404; a void invoice is marked void, a draft is none', async () => {
    const own = await download(h, t.renter, `/invoices/${invoice.id}/pdf`);
    expect(own.status).toBe(200);
    expect(await pdfText(own.bytes)).toContain(invoice.number);
    expect((await download(h, t.renter2, `/invoices/${invoice.id}/pdf`)).status).toBe(404);
    expect((await download(h, t.landlord2, `/invoices/${invoice.id}/pdf`)).status).toBe(404);
    const voided = await h.api(`/invoices/${invoice.id}/transitions`, { token: t.landlord, body: { event: 'invoice.void', comment: 'Қате аудан' } });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const text = await pdfText((await download(h, t.employee, `/invoices/${invoice.id}/pdf`)).bytes);
    expect(text).toContain('КҮШІ ЖОЙЫЛҒАН: Қате аудан');
  });
});
