import { describe, expect, it } from 'vitest';
import { formatArea, formatBucket, formatDateTime, formatDay, formatInput, formatMoney, formatMonth, formatNumber } from './formatters';

const nbsp = '\u00a0';

describe('one number and date format per language', () => {
  it('writes numbers with the language’s decimal mark and thousands separator', () => {
    expect(formatNumber(12345.5, 'ru')).toBe(`12${nbsp}345,5`);
    expect(formatNumber(12345.5, 'kk')).toBe(`12${nbsp}345,5`);
    expect(formatNumber(12345.5, 'en')).toBe('12,345.5');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(-0.5, 'ru')).toBe('-0,5');
    expect(formatNumber(0, 'kk')).toBe('0');
  });

  it('writes an area to the hundredth, the same in a list and in an option', () => {
    expect(formatArea(55.5, 'kk')).toBe('55,5');
    expect(formatArea(55.5, 'ru')).toBe('55,5');
    expect(formatArea(55.5, 'en')).toBe('55.5');
    expect(formatArea(120.456, 'ru')).toBe('120,46');
    expect(formatArea(1000, 'kk')).toBe(`1${nbsp}000`);
  });

  it('fills a form field with the language’s decimal mark and no grouping', () => {
    expect(formatInput(1055.5, 'kk')).toBe('1055,5');
    expect(formatInput(1055.5, 'en')).toBe('1055.5');
    expect(formatInput(12, 'ru')).toBe('12');
  });

  it('writes tenge after the amount', () => {
    expect(formatMoney(150000, 'ru')).toBe(`150${nbsp}000${nbsp}₸`);
    expect(formatMoney(1500.5, 'kk')).toBe(`1${nbsp}500,5${nbsp}₸`);
    expect(formatMoney(1500.5, 'en')).toBe(`1,500.5${nbsp}₸`);
  });

  it('writes a calendar day without shifting it by the zone', () => {
    expect(formatDay('2026-03-01', 'ru')).toBe('01.03.2026');
    expect(formatDay('2026-03-01', 'kk')).toBe('01.03.2026');
    expect(formatDay('2026-03-01', 'en')).toBe('01/03/2026');
  });

  it('writes a report row’s day or month as the language writes dates, and leaves any other label alone', () => {
    expect(formatBucket('2026-03-01', 'ru')).toBe('01.03.2026');
    expect(formatBucket('2026-03', 'kk')).toBe('03.2026');
    expect(formatBucket('2026-03', 'en')).toBe('03/2026');
    expect(formatBucket('ТРЦ «Отчёт»', 'ru')).toBe('ТРЦ «Отчёт»');
  });

  it('names a month in the language rather than "2026-11"', () => {
    expect(formatMonth('2026-11', 'ru')).toBe('Ноябрь 2026');
    expect(formatMonth('2027-01', 'kk')).toBe('2027 ж. қаңтар');
    expect(formatMonth('2026-12', 'en')).toBe('December 2026');
    expect(formatMonth('2026-13', 'en')).toBe('2026-13');
  });

  it('writes an instant in Almaty time, never as ISO', () => {
    const iso = '2026-11-23T20:05:00.000Z'; // 01:05 the next day in Almaty (UTC+5)
    expect(formatDateTime(iso, 'ru')).toBe('24.11.2026, 01:05');
    expect(formatDateTime(iso, 'kk')).toBe('24.11.2026, 01:05');
    expect(formatDateTime(iso, 'en')).toBe('24/11/2026, 01:05');
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });
});
