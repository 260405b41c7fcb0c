import { describe, expect, it } from 'vitest';
import { i18nObject, loadedLocales } from './i18n-util';
import { loadAllLocales } from './i18n-util.sync';

loadAllLocales();

const LL = { ru: i18nObject('ru'), kk: i18nObject('kk'), en: i18nObject('en') };

describe('counts read right with every number', () => {
  // Limits come from the schema, so any of them may end in 1 (1, 21, 101…).
  it('writes the limits of a text in Russian for 1, 2, 5, 11 and 21', () => {
    const min = (n: number) => LL.ru.validation.minLength({ min: n });
    expect([1, 2, 5, 11, 21].map(min)).toEqual([
      'Не короче 1 символа',
      'Не короче 2 символов',
      'Не короче 5 символов',
      'Не короче 11 символов',
      'Не короче 21 символа',
    ]);
    const max = (n: number) => LL.ru.validation.maxLength({ max: n });
    expect([1, 2, 5, 21, 100].map(max)).toEqual([
      'Не длиннее 1 символа',
      'Не длиннее 2 символов',
      'Не длиннее 5 символов',
      'Не длиннее 21 символа',
      'Не длиннее 100 символов',
    ]);
  });

  it('writes the file limit in Russian for 1, 2, 5 and 21', () => {
    const files = (n: number) => LL.ru.errors.too_many_files({ max: n });
    expect([1, 2, 5, 21].map(files)).toEqual(['Не больше 1 файла', 'Не больше 2 файлов', 'Не больше 5 файлов', 'Не больше 21 файла']);
  });

  it('tells «день», «дня» and «дней» apart in the lease filter', () => {
    const days = (n: number) => LL.ru.contracts.filters.days({ days: n });
    expect([1, 2, 5, 11, 21, 22, 30, 90].map(days)).toEqual(['1 день', '2 дня', '5 дней', '11 дней', '21 день', '22 дня', '30 дней', '90 дней']);
  });

  it('keeps the unread count of the bell right in Russian', () => {
    const bell = (n: number) => LL.ru.notifications.bell({ count: n });
    expect([1, 2, 5, 21].map(bell)).toEqual([
      'Уведомления: 1 непрочитанное',
      'Уведомления: 2 непрочитанных',
      'Уведомления: 5 непрочитанных',
      'Уведомления: 21 непрочитанное',
    ]);
  });

  it('says how many tenants a notice reaches in Russian, none included', () => {
    const reach = (n: number) => LL.ru.notices.reach({ count: n });
    expect([0, 1, 2, 5, 11, 21, 22].map(reach)).toEqual([
      'Получат: 0 арендаторов',
      'Получат: 1 арендатор',
      'Получат: 2 арендатора',
      'Получат: 5 арендаторов',
      'Получат: 11 арендаторов',
      'Получат: 21 арендатор',
      'Получат: 22 арендатора',
    ]);
  });

  it('writes one and many in English', () => {
    expect(LL.en.validation.minLength({ min: 1 })).toBe('At least 1 character');
    expect(LL.en.validation.minLength({ min: 2 })).toBe('At least 2 characters');
    expect(LL.en.validation.maxLength({ max: 1 })).toBe('At most 1 character');
    expect(LL.en.validation.maxLength({ max: 21 })).toBe('At most 21 characters');
    expect(LL.en.errors.too_many_files({ max: 1 })).toBe('At most 1 file');
    expect(LL.en.errors.too_many_files({ max: 2 })).toBe('At most 2 files');
    expect(LL.en.contracts.filters.days({ days: 1 })).toBe('1 day');
    expect(LL.en.contracts.filters.days({ days: 30 })).toBe('30 days');
    expect(LL.en.notices.reach({ count: 1 })).toBe('Will reach 1 tenant');
    expect(LL.en.notices.reach({ count: 0 })).toBe('Will reach 0 tenants');
  });

  it('puts no plural after a number in Kazakh', () => {
    expect(LL.kk.validation.minLength({ min: 1 })).toBe('Кемінде 1 таңба');
    expect(LL.kk.validation.minLength({ min: 21 })).toBe('Кемінде 21 таңба');
    expect(LL.kk.errors.too_many_files({ max: 5 })).toBe('5 файлдан артық емес');
    expect(LL.kk.notices.reach({ count: 21 })).toBe('Алушылар: 21 жалға алушы');
  });

  // A new count message with a plural form gets its numbers checked above.
  it('checks every Russian message with a plural form', () => {
    const plural: string[] = [];
    const walk = (node: object, path: string) => {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === 'string') {
          if (value.includes('{{')) plural.push(`${path}${key}`);
        } else walk(value, `${path}${key}.`);
      }
    };
    // The server's dictionary: the base with every namespace (i18n-util.sync).
    walk(loadedLocales.ru, '');
    expect(plural.sort()).toEqual([
      'contracts.filters.days',
      'errors.too_many_files',
      'notices.reach',
      'notifications.bell',
      'validation.maxLength',
      'validation.minLength',
    ]);
  });
});
