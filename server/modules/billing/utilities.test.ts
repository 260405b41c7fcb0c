import { describe, expect, it } from 'vitest';
import { hundredths } from '#/shared/money';
import { commonMonth, commonShares, type MeterFacts, meterMonth, monthTariff, shares, utilityAmount, vatOn } from './utilities';

const meter = (over: Partial<MeterFacts> = {}): MeterFacts => ({
  digits: 6,
  multiplier: '1.000',
  initialReading: '0.000',
  installedOn: '2026-01-01',
  removedOn: null,
  readings: [],
  before: null,
  billed: [],
  ...over,
});
const flat = (price: string) => monthTariff([{ startsOn: '2026-01-01', price }], '2026-11-01');

describe('utilities: a meter month', () => {
  it('bills the month from the last reading to this one, times the multiplier', () => {
    const readings = [
      { period: '2026-10-01', value: '1000.000' },
      { period: '2026-11-01', value: '1250.000' },
    ];
    expect(meterMonth(meter({ readings, before: readings[0] ?? null }), '2026-11-15')).toEqual({
      previous: '1000.000',
      current: '1250.000',
      consumption: '250.000',
      estimated: false,
    });
    // Current transformers 40/5: eight times what the dial counted.
    expect(meterMonth(meter({ readings, multiplier: '8' }), '2026-11-01')?.consumption).toBe('2000.000');
  });

  it('a dial past its nines rolls over, never a negative consumption', () => {
    const readings = [
      { period: '2026-10-01', value: '99950.000' },
      { period: '2026-11-01', value: '30.500' },
    ];
    expect(meterMonth(meter({ digits: 5, readings }), '2026-11-01')?.consumption).toBe('80.500');
  });

  it('its first month counts from the initial reading', () => {
    const m = meter({ installedOn: '2026-11-10', initialReading: '500.000', readings: [{ period: '2026-11-01', value: '620.250' }] });
    expect(meterMonth(m, '2026-11-01')).toMatchObject({ previous: '500.000', consumption: '120.250' });
  });

  it('without a reading: the average of its last three billed months, marked estimated; nothing without history', () => {
    const billed = [
      { period: '2026-07-01', consumption: '1000.000', estimated: false },
      { period: '2026-08-01', consumption: '100.000', estimated: false },
      { period: '2026-09-01', consumption: '200.000', estimated: true },
      { period: '2026-10-01', consumption: '301.000', estimated: false },
    ];
    // (100 + 200 + 301) / 3 = 200.333…
    expect(meterMonth(meter({ billed }), '2026-11-01')).toEqual({ previous: null, current: null, consumption: '200.333', estimated: true });
    expect(meterMonth(meter(), '2026-11-01')).toBeNull();
    // Readings alone (the unit let for the first time) are history too.
    const readings = [
      { period: '2026-09-01', value: '100.000' },
      { period: '2026-10-01', value: '160.000' },
    ];
    expect(meterMonth(meter({ readings }), '2026-11-01')?.consumption).toBe('60.000');
    // A meter removed in the month has its final reading, not an estimate.
    expect(meterMonth(meter({ billed, removedOn: '2026-11-10' }), '2026-11-01')).toBeNull();
  });

  it('the next reading corrects the estimates: actual since the last actual reading less what they billed, negative when they billed more', () => {
    const billed = [
      { period: '2026-09-01', consumption: '100.000', estimated: false },
      { period: '2026-10-01', consumption: '100.000', estimated: true },
    ];
    const readings = [
      { period: '2026-09-01', value: '1000.000' },
      { period: '2026-11-01', value: '1250.000' },
    ];
    expect(meterMonth(meter({ billed, readings }), '2026-11-01')).toEqual({
      previous: '1000.000',
      current: '1250.000',
      consumption: '150.000',
      estimated: false,
    });
    const low = [
      { period: '2026-09-01', value: '1000.000' },
      { period: '2026-11-01', value: '1040.000' },
    ];
    expect(meterMonth(meter({ billed, readings: low }), '2026-11-01')?.consumption).toBe('-60.000');
    expect(utilityAmount('-60.000', flat('25.5') as never)).toBe('-1530.00');
    // A reading accepted late for the estimated month is not the base: the estimate is still corrected.
    const late = [...readings, { period: '2026-10-01', value: '1100.000' }];
    expect(meterMonth(meter({ billed, readings: late }), '2026-11-01')?.consumption).toBe('150.000');
  });
});

describe('utilities: tariffs and money', () => {
  it('a tariff change inside the month is prorated by days; the shown tariff is the mean by days', () => {
    const steps = [
      { startsOn: '2026-01-01', price: '20.0000' },
      { startsOn: '2026-11-11', price: '26.0000' },
      { startsOn: '2027-01-01', price: '99.0000' },
    ];
    const t = monthTariff(steps, '2026-11-01');
    // 10 days at 20 and 20 days at 26: mean 24.
    expect(t?.tariff).toBe('24.0000');
    // 100 kWh × (20 × 10 + 26 × 20) / 30 = 2400.
    expect(utilityAmount('100.000', t as never)).toBe('2400.00');
    // Rounded once: 33.333 kWh at 24 = 799.992 → 799.99.
    expect(utilityAmount('33.333', t as never)).toBe('799.99');
    expect(monthTariff(steps, '2026-10-01')?.tariff).toBe('20.0000');
    expect(monthTariff([{ startsOn: '2026-12-01', price: '1' }], '2026-11-01')).toBeNull();
    // A first tariff entered mid-month prices the whole month.
    expect(monthTariff([{ startsOn: '2026-11-20', price: '12.3456' }], '2026-11-01')?.tariff).toBe('12.3456');
    // 31 days: 15 at 10, 16 at 11 → 10.5161…
    expect(
      monthTariff(
        [
          { startsOn: '2026-01-01', price: '10' },
          { startsOn: '2026-12-16', price: '11' },
        ],
        '2026-12-01',
      )?.tariff,
    ).toBe('10.5161');
  });

  it('VAT of a negative correction takes its share back', () => {
    expect(vatOn('1000.00', true, '12.00')).toBe('120.00');
    expect(vatOn('-1530.00', true, '12.00')).toBe('-183.60');
    expect(vatOn('1000.00', false, '12.00')).toBe('0.00');
  });

  it('shares sum exactly to the whole by the largest remainder', () => {
    expect(shares(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    // 461.54, 307.69, 230.77: the two larger remainders take the two units left.
    expect(shares(1000n, [3000n, 2000n, 1500n])).toEqual([461n, 308n, 231n]);
    expect(shares(-10n, [1n, 2n])).toEqual([-3n, -7n]);
    expect(shares(5n, [0n, 0n])).toEqual([0n, 0n]);
  });

  it("common area: the property's common meters less its units', shared by leased area to the tiyn", () => {
    const split = commonShares(['1000.000', '333.000'], ['400.000', '200.000'], flat('25.5') as never, ['30.00', '20.00', '15.00']);
    expect(split.total).toBe('733.000');
    expect(split.amount).toBe('18691.50');
    expect(split.parts.reduce((a, p) => a + hundredths(p.amount), 0n)).toBe(hundredths(split.amount));
    expect(split.parts.map((p) => p.amount)).toEqual(['8626.85', '5751.23', '4313.42']);
    expect(split.parts.map((p) => p.consumption)).toEqual(['338.308', '225.538', '169.154']);
    // The units used more than the common meters counted: nothing to share.
    expect(commonShares(['100.000'], ['150.000'], flat('25.5') as never, ['10.00']).total).toBe('0.000');
  });

  it('a common meter counts only from a reading of the month before (or its installation)', () => {
    const m = meter({
      readings: [
        { period: '2026-10-01', value: '10.000' },
        { period: '2026-11-01', value: '15.000' },
      ],
    });
    expect(commonMonth(m, '2026-11-01')).toBe('5.000');
    expect(
      commonMonth(meter({ readings: [{ period: '2026-11-01', value: '15.000' }], before: { period: '2026-08-01', value: '1.000' } }), '2026-11-01'),
    ).toBeNull();
    expect(
      commonMonth(meter({ installedOn: '2026-11-05', initialReading: '3.000', readings: [{ period: '2026-11-01', value: '15.000' }] }), '2026-11-01'),
    ).toBe('12.000');
  });
});
