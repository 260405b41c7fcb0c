import { expect, it } from 'vitest';
import { i18n, loadedLocales, locales, namespaces } from './i18n-util';
import { loadAllLocales } from './i18n-util.sync';

// The server writes e-mails, pushes, Telegram messages, exports and errors in any language, any area.
it('the server has every namespace in every language', () => {
  loadAllLocales();
  for (const locale of locales) for (const ns of namespaces) expect(Object.keys(loadedLocales[locale][ns]).length, `${locale}/${ns}`).toBeGreaterThan(0);
  const LL = i18n();
  expect([LL.ru.billing.title(), LL.kk.billing.title(), LL.en.billing.title()]).toEqual(['Счета на оплату', 'Төлем шоттары', 'Invoices']);
  expect(LL.kk.notificationMail.open()).toBe('Mall CRM-де ашу');
});
