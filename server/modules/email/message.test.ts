import { describe, expect, it } from 'vitest';
import { notificationMail } from './message';

const links = { publicUrl: 'https://crm.example.kz', unsubscribeToken: 'TOKEN_abc-123' };
const violation = {
  id: 7,
  kind: 'violation.issue',
  params: { number: '12' },
  subjectType: 'violation',
  subjectId: 'v-1',
  landlordName: 'ТРЦ «Достык»',
};

describe('a notification mail', () => {
  it('is the inbox sentence in the recipient’s language, with a greeting, the record’s link and this kind’s unsubscribe', () => {
    const mail = notificationMail(violation, { language: 'en', fullName: 'Aigerim Sadykova' }, links);
    expect(mail.subject).toBe('ТРЦ «Достык»: Violation #12 was issued to you');
    expect(mail.text).toContain('Hello, Aigerim Sadykova!');
    expect(mail.text).toContain('Violation #12 was issued to you');
    expect(mail.text).toContain('Open in Mall CRM: https://crm.example.kz/violations/v-1');
    expect(mail.text).toContain('“Violation issued to you” e-mails are on for you');
    expect(mail.text).toContain('https://crm.example.kz/unsubscribe/TOKEN_abc-123');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('href="https://crm.example.kz/violations/v-1"');
    expect(mail.html).toContain('href="https://crm.example.kz/unsubscribe/TOKEN_abc-123"');
    expect(mail.html).toContain('name="viewport"');
  });

  it('is in Russian for a language it does not speak, and the superadmin’s (no landlord) is titled with the product', () => {
    const mail = notificationMail({ ...violation, landlordName: null }, { language: 'de', fullName: 'Иван' }, links);
    expect(mail.subject).toBe('Mall CRM: Вам выставлено нарушение №12');
    expect(mail.text).toContain('Здравствуйте, Иван!');
    expect(mail.html).toContain('<html lang="ru">');
  });

  it('escapes what people typed (a name, a notice’s title) in its HTML, and keeps it as typed in its text', () => {
    const notice = { ...violation, kind: 'notice.renters', params: { title: '<img src=x onerror=alert(1)> & "Wi-Fi"' }, subjectType: 'notice' };
    const mail = notificationMail(notice, { language: 'en', fullName: '<b>Tom</b>' }, links);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>Tom');
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; &#34;Wi-Fi&#34;');
    expect(mail.text).toContain('Notification: <img src=x onerror=alert(1)> & "Wi-Fi"');
    expect(mail.text).toContain('Hello, <b>Tom</b>!');
  });
});
