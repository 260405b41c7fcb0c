import { describe, expect, it } from 'vitest';
import { type ColumnSpec, excelSerialDay, readCell } from './cells';

const spec = (kind: ColumnSpec['kind'], extra: Partial<ColumnSpec> = {}): ColumnSpec => ({ key: 'c', headers: ['c'], kind, required: true, ...extra });

describe('reading a cell', () => {
  it("Excel's serial days, with its 1900 leap-year bug", () => {
    expect(excelSerialDay(1)).toBe('1900-01-01');
    expect(excelSerialDay(59)).toBe('1900-02-28');
    // Day 60 is 29 February 1900, which never was.
    expect(excelSerialDay(60)).toBeNull();
    expect(excelSerialDay(61)).toBe('1900-03-01');
    expect(excelSerialDay(46082)).toBe('2026-03-01');
    expect(excelSerialDay(46082.75)).toBe('2026-03-01');
  });
  it('dates as text: dd.mm.yyyy or yyyy-mm-dd, real days only', () => {
    expect(readCell(spec('date'), '1.3.2026')).toEqual({ value: '2026-03-01' });
    expect(readCell(spec('date'), '2026-03-01')).toEqual({ value: '2026-03-01' });
    expect(readCell(spec('date'), '29.02.2026')).toMatchObject({ problem: { code: 'date' } });
  });
  it('phones forgive spaces, brackets and a leading 8; BINs as numbers get their zeros back', () => {
    expect(readCell(spec('phone'), '8 (701) 123-45-67')).toEqual({ value: '+77011234567' });
    expect(readCell(spec('phone'), 77011234567)).toEqual({ value: '+77011234567' });
    expect(readCell(spec('phone'), '+7 701 123')).toMatchObject({ problem: { code: 'phone' } });
    expect(readCell(spec('bin'), 90050140001)).toMatchObject({ problem: { code: 'binIin' } });
  });
  it('required, lengths, choices, decimals with a comma', () => {
    expect(readCell(spec('text'), '  ')).toMatchObject({ problem: { code: 'required' } });
    expect(readCell(spec('text', { required: false }), null)).toEqual({ value: null });
    expect(readCell(spec('text', { max: 3 }), 'abcd')).toMatchObject({ problem: { code: 'tooLong', params: { max: 3 } } });
    expect(readCell(spec('choice', { values: ['ru', 'kk', 'en'] }), 'EN')).toEqual({ value: 'en' });
    expect(readCell(spec('decimal'), '1 234,567')).toEqual({ value: 1234.57 });
    expect(readCell(spec('decimal'), 0)).toMatchObject({ problem: { code: 'decimal' } });
    expect(readCell(spec('integer'), 1.5)).toMatchObject({ problem: { code: 'integer' } });
    expect(readCell(spec('integer'), { formula: true })).toMatchObject({ problem: { code: 'formula' } });
  });
  it('tenge exactly: typed digits kept, a number cell only with two decimals at most', () => {
    expect(readCell(spec('money'), '1 250 000,5')).toEqual({ value: '1250000.5' });
    expect(readCell(spec('money'), 4500.1)).toEqual({ value: '4500.10' });
    expect(readCell(spec('money'), 0.1 + 0.2)).toEqual({ value: '0.30' });
    expect(readCell(spec('money'), 12.345)).toMatchObject({ problem: { code: 'money' } });
    expect(readCell(spec('money'), '12.345')).toMatchObject({ problem: { code: 'money' } });
    expect(readCell(spec('money'), -5)).toMatchObject({ problem: { code: 'money' } });
  });
  it('a month as its first day: mm.yyyy, yyyy-mm, a day of it, or the number Excel makes of a typed 10.2026', () => {
    expect(readCell(spec('month'), '10.2026')).toEqual({ value: '2026-10-01' });
    expect(readCell(spec('month'), '2026-1')).toEqual({ value: '2026-01-01' });
    expect(readCell(spec('month'), '15.10.2026')).toEqual({ value: '2026-10-01' });
    expect(readCell(spec('month'), 10.202)).toEqual({ value: '2020-10-01' });
    expect(readCell(spec('month'), 46082)).toEqual({ value: '2026-03-01' });
    expect(readCell(spec('month'), '13.2026')).toMatchObject({ problem: { code: 'month' } });
    expect(readCell(spec('month'), 5)).toMatchObject({ problem: { code: 'month' } });
  });
  it('a quantity exactly, with three places: typed digits kept, a number cell of at most three decimals', () => {
    expect(readCell(spec('quantity'), '1 234,5')).toEqual({ value: '1234.500' });
    expect(readCell(spec('quantity'), 0)).toEqual({ value: '0.000' });
    expect(readCell(spec('quantity'), 0.1 + 0.2)).toEqual({ value: '0.300' });
    expect(readCell(spec('quantity'), 9_999_999_999.999)).toEqual({ value: '9999999999.999' });
    expect(readCell(spec('quantity'), 1.2345)).toMatchObject({ problem: { code: 'quantity' } });
    expect(readCell(spec('quantity'), '-1')).toMatchObject({ problem: { code: 'quantity' } });
    expect(readCell(spec('quantity'), '12345678901')).toMatchObject({ problem: { code: 'quantity' } });
  });
  it('a choice by its value or by another word for it', () => {
    const type = spec('choice', { values: ['electricity', 'cold_water'], aliases: { 'холодная вода': 'cold_water' } });
    expect(readCell(type, '  Холодная   ВОДА ')).toEqual({ value: 'cold_water' });
    expect(readCell(type, 'Electricity')).toEqual({ value: 'electricity' });
    expect(readCell(type, 'вода')).toMatchObject({ problem: { code: 'choice', params: { values: 'electricity, cold_water' } } });
  });
});
