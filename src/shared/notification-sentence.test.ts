import { describe, expect, it } from 'vitest';
import { i18nObject } from '../i18n/i18n-util';
import { loadAllLocales } from '../i18n/i18n-util.sync';
import { sentence, subjectPath } from './notification-sentence';

loadAllLocales();

// Every kind the server writes (the Notification schema), with the values it keeps.
const samples = [
  { kind: 'request.status', params: { number: 17, status: 'in_progress' }, value: '17' },
  { kind: 'request.assigned', params: { number: 17 }, value: '17' },
  { kind: 'request.visitor', params: { number: 17 }, value: '17' },
  { kind: 'task.assigned', params: { title: 'Fix the door' }, value: 'Fix the door' },
  { kind: 'task.return', params: { title: 'Fix the door' }, value: 'Fix the door' },
  { kind: 'task.accept', params: { title: 'Fix the door' }, value: 'Fix the door' },
  { kind: 'task.expire', params: { title: 'Fix the door' }, value: 'Fix the door' },
  { kind: 'questionnaire.new', params: { company: 'Nur LLP' }, value: 'Nur LLP' },
  { kind: 'notice.renters', params: { title: 'Water off' }, value: 'Water off' },
  { kind: 'notice.employees', params: { title: 'Water off' }, value: 'Water off' },
];

describe('a notification about meters', () => {
  const ru = (kind: string, params: Record<string, unknown>) => sentence(i18nObject('ru'), { kind, params }, 'ru');
  const en = (kind: string, params: Record<string, unknown>) => sentence(i18nObject('en'), { kind, params }, 'en');

  it('tells the tenant its reading was accepted, or returned with the reason, its month by name', () => {
    expect(ru('meter_reading.accepted', { serial: 'E-77', period: '2026-11-01' })).toBe('Показание прибора учёта № E-77 за ноябрь 2026 принято');
    expect(ru('meter_reading.returned', { serial: 'E-77', period: '2026-11-01', reason: 'Цифры не видны' })).toBe(
      'Показание прибора учёта № E-77 за ноябрь 2026 возвращено: Цифры не видны',
    );
    expect(en('meter_reading.returned', { serial: 'E-77', period: '2026-11-01', reason: 'Blurred' })).toBe(
      'The reading of meter E-77 for November 2026 was returned: Blurred',
    );
  });

  it('tells staff of a flagged reading and a verification due, and the tenant of its window, with days as the language writes them', () => {
    expect(ru('meter_reading.flagged', { serial: 'W-1', period: '2026-11-01', renter: 'ТОО Нур' })).toBe(
      'Показание прибора учёта № W-1 за ноябрь 2026 (ТОО Нур) требует проверки',
    );
    expect(ru('meter.verification', { serial: 'W-1', verified_until: '2026-12-27' })).toBe('Срок поверки прибора учёта № W-1 истекает 27.12.2026');
    expect(ru('meter.window_open', { period: '2026-11-01', from: '2026-11-20', to: '2026-11-25' })).toBe(
      'Передайте показания приборов учёта за ноябрь 2026: с 20.11.2026 по 25.11.2026',
    );
    expect(ru('meter.window_closing', { period: '2026-11-01', to: '2026-11-25' })).toBe('Последний день передачи показаний за ноябрь 2026 — 25.11.2026');
  });

  it('leads to the meter or the reading', () => {
    expect(subjectPath({ type: 'meter', id: 'm1' })).toBe('/meters/m1');
    expect(subjectPath({ type: 'meter_reading', id: 'r1' })).toBe('/meter-readings/r1');
  });
});

describe('a notification as a sentence', () => {
  it.each(['ru', 'kk', 'en'] as const)('has its own sentence with its values for every kind in %s', (locale) => {
    const LL = i18nObject(locale);
    const texts = samples.map((s) => sentence(LL, s, locale));
    samples.forEach((s, i) => {
      expect(texts[i], s.kind).toContain(s.value);
      expect(texts[i], s.kind).not.toMatch(/[{}]/);
    });
    expect(new Set(texts).size).toBe(samples.length);
  });

  it('tells a tenant of its money: the invoice issued, each reminder, a payment with what is left or its credit', () => {
    const ru = (kind: string, params: Record<string, unknown>) => sentence(i18nObject('ru'), { kind, params }, 'ru');
    const invoice = { number: '2027-0001', owed: '100000.00', due_on: '2027-01-10' };
    expect(ru('invoice.issued', { number: '2027-0001', total: '112000.00', due_on: '2027-01-10' })).toBe(
      'Выставлен счёт №2027-0001 на 112\u00a0000,00 ₸, оплатить до 10.01.2027',
    );
    expect(ru('invoice.reminder', { ...invoice, days: -3 })).toBe('Через 3 дня, 10.01.2027, срок оплаты счёта №2027-0001: к оплате 100\u00a0000,00 ₸');
    expect(ru('invoice.reminder', { ...invoice, days: 0 })).toBe('Сегодня последний день оплаты счёта №2027-0001: к оплате 100\u00a0000,00 ₸');
    expect(ru('invoice.reminder', { ...invoice, days: 30 })).toBe('Счёт №2027-0001 просрочен на 30 дней: к оплате 100\u00a0000,00 ₸');
    expect(ru('payment.received', { amount: '40000.00', invoices: '2027-0001', balance: '60000.00' })).toBe(
      'Получена оплата 40\u00a0000,00 ₸ по счетам: №2027-0001. Осталось оплатить 60\u00a0000,00 ₸',
    );
    expect(ru('payment.received', { amount: '500.00', invoices: '', balance: '-500.00' })).toBe('Получена оплата 500,00 ₸. Аванс 500,00 ₸');
    expect(ru('payment.received', { amount: '500.00', invoices: '2027-0001', balance: '0.00' })).toContain('Задолженности нет');
    expect(subjectPath({ type: 'invoice', id: 'i-1' })).toBe('/invoices/i-1');
    expect(subjectPath({ type: 'payment', id: 'p-1' })).toBe('/invoices');
  });

  it('names the request status in the reader’s language', () => {
    expect(sentence(i18nObject('ru'), samples[0]!, 'ru')).toBe('Заявка №17: статус «В работе»');
    expect(sentence(i18nObject('en'), samples[0]!, 'en')).toBe('Request #17: status “In progress”');
  });

  it('writes a lease’s end and an event’s time as the reader’s language writes dates, on Almaty’s clock', () => {
    const lease = { kind: 'contract.expiring', params: { number: 'D-1', ends_on: '2026-12-14' } };
    expect(sentence(i18nObject('ru'), lease, 'ru')).toContain('14.12.2026');
    expect(sentence(i18nObject('kk'), lease, 'kk')).toContain('14.12.2026');
    expect(sentence(i18nObject('en'), lease, 'en')).toContain('14/12/2026');
    // 05:00 UTC is 10:00 in Almaty (UTC+5).
    const reminder = { kind: 'event.reminder', params: { title: 'Планёрка', at: '2026-11-25T05:00:00.000Z' } };
    expect(sentence(i18nObject('ru'), reminder, 'ru')).toContain('25.11.2026, 10:00');
    expect(sentence(i18nObject('en'), reminder, 'en')).toContain('25/11/2026, 10:00');
    // A row written before the time was kept as an instant shows as it was written.
    expect(sentence(i18nObject('en'), { ...reminder, params: { title: 'x', at: '10:00 25.11.2026' } }, 'en')).toContain('10:00 25.11.2026');
  });

  it('counts the unread on the bell with the Russian plural', () => {
    const LL = i18nObject('ru');
    expect(LL.notifications.bell({ count: 1 })).toBe('Уведомления: 1 непрочитанное');
    expect(LL.notifications.bell({ count: 5 })).toBe('Уведомления: 5 непрочитанных');
    expect(LL.notifications.bell({ count: 21 })).toBe('Уведомления: 21 непрочитанное');
  });

  it('reads a kind it does not know yet as a plain notification', () => {
    expect(sentence(i18nObject('ru'), { kind: 'lease.signed', params: {} }, 'ru')).toBe('Уведомление');
  });

  it('leads to the view of its subject', () => {
    const id = '0b7e4c2a-9a51-4a6f-8d7f-3c1a2b4d5e6f';
    expect(subjectPath({ type: 'request', id })).toBe(`/requests-journal/view/${id}`);
    expect(subjectPath({ type: 'task', id })).toBe(`/tasks/${id}`);
    expect(subjectPath({ type: 'questionnaire', id })).toBe(`/application-forms/${id}`);
    expect(subjectPath({ type: 'notice', id })).toBe(`/notifications/notice/${id}`);
  });
});

describe('a quoted name that carries quotes of its own', () => {
  it('is not quoted twice: its own quotes become the inner pair', () => {
    const params = { kind: 'task.assigned', params: { title: 'Вывеска ТРЦ «Mega»' } };
    expect(sentence(i18nObject('ru'), params, 'ru')).toBe('Вам поставлена задача «Вывеска ТРЦ „Mega“»');
    expect(sentence(i18nObject('kk'), params, 'kk')).toBe('Сізге «Вывеска ТРЦ „Mega“» тапсырмасы берілді');
    expect(sentence(i18nObject('en'), { kind: 'task.assigned', params: { title: 'The “Mega” sign' } }, 'en')).toBe(
      'You have been assigned the task “The ‘Mega’ sign”',
    );
    expect(i18nObject('ru').objects.deleteConfirm({ name: 'ТРЦ «Mega Center»' })).toBe('Удалить объект «ТРЦ „Mega Center“»?');
  });
});
