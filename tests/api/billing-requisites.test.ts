import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { landlords, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';

const base = { auto_run: false, run_day: 1, due_day: 10, vat_payer: true, vat_rate: '12' };
const good = { bin: '123456789013', bank: 'АО «Kaspi Bank»', iik: 'KZ86 125K ZT50 0410 0100', bik: 'caspkzka', kbe: '17', knp: '859' };

describeEachDatabase('billing: the landlord requisites in its settings', (h) => {
  const t = { landlord: '', employee: '', landlord2: '' };
  const put = (body: object, token = t.landlord, lang = 'ru') => h.api('/billing/settings', { token, method: 'PUT', body: { ...base, ...body }, lang });

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
  });

  it('saves the requisites as they are printed (spaces dropped, capitals), the BIN onto the landlord; absent ones are kept', async () => {
    const saved = await put(good);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ bin: '123456789013', bank: 'АО «Kaspi Bank»', iik: 'KZ86125KZT5004100100', bik: 'CASPKZKA', kbe: '17', knp: '859' });
    const [landlord] = await h.db
      .select({ bin: landlords.bin })
      .from(landlords)
      .innerJoin(users, eq(users.landlordId, landlords.id))
      .where(eq(users.username, 'landlord'));
    expect(landlord?.bin).toBe('123456789013');
    // The settings alone (as before requisites) leave them as they were; empty clears one.
    expect((await put({})).body).toMatchObject({ iik: 'KZ86125KZT5004100100', knp: '859' });
    expect((await put({ knp: '' })).body).toMatchObject({ iik: 'KZ86125KZT5004100100', knp: '' });
    expect((await h.api('/billing/settings', { token: t.employee })).body).toMatchObject({ bik: 'CASPKZKA' });
    // Another landlord's settings are its own.
    expect((await h.api('/billing/settings', { token: t.landlord2 })).body).toMatchObject({ iik: '' });
  });

  it('refuses wrong requisites field by field in the caller language, and writes none of them', async () => {
    const wrong = { bin: '123456789012', iik: 'KZ86125KZT5004100101', bik: 'KZ-1', kbe: '1', knp: '85a' };
    const ru = await put(wrong);
    expect(ru.status).toBe(400);
    expect(ru.body.error.fields).toEqual({
      bin: 'Неверный ИИН/БИН: 12 цифр с верной контрольной цифрой',
      iik: 'Неверный ИИК: KZ, две контрольные цифры и 16 букв или цифр (IBAN)',
      bik: 'БИК — 8 латинских букв или цифр',
      kbe: 'Кбе — 2 цифры',
      knp: 'КНП — 3 цифры',
    });
    const kk = await put({ iik: 'KZ00125KZT5004100100' }, t.landlord, 'kk');
    expect(kk.body.error.fields).toEqual({ iik: 'ЖСК қате: KZ, екі бақылау цифры және 16 әріп не цифр (IBAN)' });
    const en = await put({ kbe: '170' }, t.landlord, 'en');
    expect(en.body.error.fields).toEqual({ kbe: 'Kbe is 2 digits' });
    expect((await h.api('/billing/settings', { token: t.landlord })).body).toMatchObject({ bin: '123456789013', iik: 'KZ86125KZT5004100100' });
    // Only the landlord sets them.
    expect((await put(good, t.employee)).status).toBe(403);
  });
});
