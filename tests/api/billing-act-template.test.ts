import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { formatDecimal } from '#/i18n/formatters';
import { billingSettings, employees, users } from '#server/db/schema';
import { localStorage } from '#server/storage/storage';
import { describeEachDatabase } from '../support/api-harness';
import { signedLease } from '../support/billing';
import { docxWith, textOf } from '../support/docx';
import { download } from '../support/pdf';

type Invoice = { id: string; number: string; total: string };
const TEMPLATE = 'АКТ {number} от {date} за {period}: {renter_name} ({renter_bin}). {#lines}[{no}) {name}: {total}]{/lines} Итого {grand_total}';

describeEachDatabase("billing: the landlord's own АВР template", (h) => {
  const t = { landlord: '', employee: '', renter: '', landlord2: '', renter2: '' };
  let invoice: Invoice;

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    const renterId = (await h.api('/renters/me', { token: t.renter })).body.id;
    await signedLease(h, t.landlord, { number: 'A-1', renterId, areas: [10], rate: '3000', startsOn: '2026-01-01', endsOn: '2026-12-31', paymentDay: 5 });
    expect((await h.api('/billing/runs', { token: t.landlord, body: { period: '2026-09-01' } })).status).toBe(200);
    invoice = (await h.api(`/invoices?period=2026-09-01&renter_id=${renterId}`, { token: t.landlord })).body.data[0] as Invoice;
  });

  const send = async (token: string, path: string, data: Buffer, name = 'мой акт.docx', lang = 'ru') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type: 'application/octet-stream' }), name);
    const headers = { authorization: `Bearer ${token}`, 'accept-language': lang };
    const res = await fetch(`${h.baseUrl}/api/billing/act-template${path}`, { method: path ? 'POST' : 'PUT', headers, body: form });
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(bytes.toString()) : null;
    return { status: res.status, body: json, bytes };
  };
  const upload = (token: string, data: Buffer, name?: string, lang?: string) => send(token, '', data, name, lang);
  const storedKey = async (username: string) => {
    const [row] = await h.db
      .select({ key: billingSettings.actTemplateKey })
      .from(billingSettings)
      .innerJoin(users, eq(users.landlordId, billingSettings.landlordId))
      .where(eq(users.username, username));
    return row?.key ?? null;
  };

  it('fills the АВР from the uploaded template, gives it back, and goes back to the standard one when removed', async () => {
    expect((await h.api('/billing/act-template', { token: t.landlord })).body).toEqual({ template: null });
    const saved = await upload(t.landlord, docxWith(TEMPLATE));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ template: { name: 'мой акт.docx' } });
    expect((await h.api('/billing/act-template', { token: t.employee })).body.template.name).toBe('мой акт.docx');

    // The tenant reads Russian: the act is its landlord's template, filled with the invoice (one loop row a line).
    const act = await download(h, t.renter, `/invoices/${invoice.id}/act`);
    expect(act.status).toBe(200);
    expect(act.headers.get('content-disposition')).toContain(encodeURIComponent(`АВР ${invoice.number}.docx`));
    const me = (await h.api('/renters/me', { token: t.renter })).body;
    const ru = (v: string) => formatDecimal(v, 'ru');
    const text = textOf(act.bytes);
    expect(text).toMatch(new RegExp(`^АКТ ${invoice.number} от \\d\\d\\.\\d\\d\\.\\d{4} за сентябрь 2026: `));
    expect(text).toContain(`: ${me.legal_name} (${me.bin_iin ?? ''}). [1) `);
    expect(text).toMatch(/\[\d\) Аренда за сентябрь 2026, договор № A-1: 30\s000,00\]/);
    expect(text.endsWith(`] Итого ${ru(invoice.total)}`)).toBe(true);
    expect(text).not.toContain('{');

    // Downloaded back as it was uploaded.
    const back = await download(h, t.employee, '/billing/act-template/file');
    expect(back.status).toBe(200);
    expect(back.headers.get('content-disposition')).toContain(encodeURIComponent('мой акт.docx'));
    expect(textOf(back.bytes)).toBe(TEMPLATE);

    // Removed: the file is gone and the standard act is back.
    const key = await storedKey('landlord');
    const removed = await h.api('/billing/act-template', { token: t.landlord, method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ template: null });
    expect(await storedKey('landlord')).toBeNull();
    expect(await localStorage(h.config.storageDir, '/storage/').open(key as string)).toBeNull();
    expect((await download(h, t.landlord, '/billing/act-template/file')).status).toBe(404);
    const standard = textOf((await download(h, t.renter, `/invoices/${invoice.id}/act`)).bytes);
    expect(standard).toContain(`Акт выполненных работ (оказанных услуг) № ${invoice.number}`);
    expect(standard).not.toContain('АКТ ');
  });

  it('refuses a file that is not a .docx by its bytes, one too large, an unknown placeholder and broken tags, and keeps nothing', async () => {
    const pdf = await upload(t.landlord, Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'), 'act.docx');
    expect(pdf.status).toBe(400);
    expect(pdf.body.error.code).toBe('act_template_type');
    expect(pdf.body.error.message).toBe('Шаблон АВР — документ Word в формате .docx');
    expect(pdf.body.error.fields.file).toBe('Шаблон АВР — документ Word в формате .docx');

    const big = await upload(t.landlord, docxWith(randomBytes(5 * 1024 * 1024).toString('base64')), 'big.docx', 'en');
    expect(big.status).toBe(413);
    expect(big.body.error.fields.file).toBe('The file is larger than 5 MB');

    const typo = await upload(t.landlord, docxWith('{number} {renter_nmae} {#lines}{amount} {rate}{/lines} {no}'), 'typo.docx', 'kk');
    expect(typo.status).toBe(400);
    expect(typo.body.error.code).toBe('act_template_unknown');
    expect(typo.body.error.params?.tags ?? typo.body.error.message).toContain('{renter_nmae}, {rate}, {no}');
    expect(typo.body.error.fields.file).toBe(
      'ОЖА үлгісінде белгісіз толтырғыштар бар: {renter_nmae}, {rate}, {no}. Жазылуын тексеріңіз: қолжетімділердің тізімі есептеу баптауларында',
    );

    const broken = await upload(t.landlord, docxWith('Акт {number; {renter_name}'), 'broken.docx', 'en');
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('template_invalid');
    expect(await storedKey('landlord')).toBeNull();
    expect((await h.api('/billing/act-template', { token: t.landlord })).body).toEqual({ template: null });
  });

  it('previews a template on a sample act without keeping it', async () => {
    const res = await send(t.landlord, '/preview', docxWith('{title}: {#lines}{name}{/lines}'));
    expect(res.status).toBe(200);
    expect(textOf(res.bytes)).toContain('Акт выполненных работ (оказанных услуг) № СФ-2026-000017: Аренда за ноябрь 2026');
    expect((await send(t.landlord, '/preview', docxWith('{nope}'), 'x.docx', 'en')).body.error.code).toBe('act_template_unknown');
    expect(await storedKey('landlord')).toBeNull();
  });

  it('an employee without billing update, a tenant and another landlord cannot change or read it', async () => {
    const [me] = await h.db.select({ id: employees.id }).from(employees).innerJoin(users, eq(users.id, employees.userId)).where(eq(users.username, 'employee'));
    const table = await h.api('/settings/access', { token: t.landlord });
    const levels = table.body.employees.find((e: { employee_id: string }) => e.employee_id === me?.id).levels;
    const grant = (level: string) => h.api(`/settings/access/${me?.id}`, { method: 'PUT', token: t.landlord, body: { levels: { ...levels, billing: level } } });
    try {
      expect((await grant('view')).status).toBe(200);
      expect((await upload(t.employee, docxWith('{number}'))).status).toBe(403);
      expect((await send(t.employee, '/preview', docxWith('{number}'))).status).toBe(403);
      expect((await h.api('/billing/act-template', { token: t.employee, method: 'DELETE' })).status).toBe(403);
      expect((await h.api('/billing/act-template', { token: t.employee })).status).toBe(200);
      expect((await grant('creator')).status).toBe(200);
      expect((await upload(t.employee, docxWith('Сотрудник {number}'))).status).toBe(200);
    } finally {
      await grant(levels.billing);
    }
    for (const token of [t.renter, t.renter2]) {
      expect((await upload(token, docxWith('{number}'))).status).toBe(403);
      expect((await h.api('/billing/act-template', { token })).status).toBe(403);
      expect((await download(h, token, '/billing/act-template/file')).status).toBe(403);
      expect((await h.api('/billing/act-template', { token, method: 'DELETE' })).status).toBe(403);
    }
    // Another landlord sees none of it and its own upload leaves this one's acts alone.
    expect((await h.api('/billing/act-template', { token: t.landlord2 })).body).toEqual({ template: null });
    expect((await download(h, t.landlord2, '/billing/act-template/file')).status).toBe(404);
    expect((await upload(t.landlord2, docxWith('Чужой {number}'))).status).toBe(200);
    expect(textOf((await download(h, t.renter, `/invoices/${invoice.id}/act`)).bytes)).toBe(`Сотрудник ${invoice.number}`);
    expect((await download(h, t.landlord2, `/invoices/${invoice.id}/act`)).status).toBe(404);
    expect((await h.api('/billing/act-template', { token: t.landlord, method: 'DELETE' })).status).toBe(200);
    expect((await h.api('/billing/act-template', { token: t.landlord2 })).body.template.name).toBe('мой акт.docx');
  });
});
