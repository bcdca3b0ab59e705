import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duePeriods, firstFuturePeriod, monthlyRecurring, periodDate, RecurringBody } from './recurring.ts';

describe('periodDate: dates advance from the anchor, never drift', () => {
  it('monthly from Jan 31 clamps to each month end and comes back to the 31st', () => {
    const dates = [0, 1, 2, 3, 4].map((n) => periodDate('2027-01-31', 'monthly', n));
    expect(dates).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(periodDate('2028-01-31', 'monthly', 1)).toBe('2028-02-29'); // leap year
  });
  it('quarterly, annually and weekly', () => {
    expect([0, 1, 2, 3].map((n) => periodDate('2026-11-30', 'quarterly', n))).toEqual([
      '2026-11-30',
      '2027-02-28',
      '2027-05-30',
      '2027-08-30',
    ]);
    expect([0, 1, 2, 4].map((n) => periodDate('2024-02-29', 'annually', n))).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2028-02-29',
    ]);
    expect([0, 1, 2].map((n) => periodDate('2026-12-25', 'weekly', n))).toEqual(['2026-12-25', '2027-01-01', '2027-01-08']);
  });
  it('for any start and period, monthly keeps the anchor day or the month end (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }), fc.nat(600), (d, n) => {
        const start = d.toISOString().slice(0, 10);
        const got = periodDate(start, 'monthly', n);
        const [y, m, day] = got.split('-').map(Number) as [number, number, number];
        const startDay = Number(start.slice(8));
        const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
        expect(day).toBe(Math.min(startDay, last));
        const months = (y - Number(start.slice(0, 4))) * 12 + (m - Number(start.slice(5, 7)));
        expect(months).toBe(n);
      }),
    );
  });
});

describe('duePeriods and catch-up', () => {
  const s = { startDate: '2026-08-31', frequency: 'monthly' as const };
  it('lists every period whose date has come, each with its own date', () => {
    expect(duePeriods(s, 0, '2026-11-23')).toEqual([
      { period: 0, date: '2026-08-31' },
      { period: 1, date: '2026-09-30' },
      { period: 2, date: '2026-10-31' },
    ]);
    expect(duePeriods(s, 3, '2026-11-23')).toEqual([]);
    expect(duePeriods(s, 3, '2026-11-30')).toEqual([{ period: 3, date: '2026-11-30' }]);
  });
  it('stops at the end date and at the limit', () => {
    expect(duePeriods({ ...s, endDate: '2026-09-30' }, 0, '2027-12-31').map((p) => p.period)).toEqual([0, 1]);
    expect(duePeriods(s, 0, '2099-01-01', 5)).toHaveLength(5);
  });
  it('a resumed schedule continues at the first future period', () => {
    expect(firstFuturePeriod(s, 0, '2026-11-23')).toBe(3);
    expect(firstFuturePeriod(s, 5, '2026-11-23')).toBe(5);
  });
});

describe('RecurringBody', () => {
  const base = { name: 'Hosting', customerId: 3, frequency: 'monthly', startDate: '2026-12-01' };
  it('drops blank items, needs one, computes nothing from client figures', () => {
    const r = RecurringBody.safeParse({ ...base, items: [{ description: '  ', quantity: 1, unitPrice: 1 }] });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ['items'], message: 'At least one item is required' });
    const ok = RecurringBody.parse({
      ...base,
      total: '999',
      items: [{ description: 'Plan', quantity: '2', unitPrice: '9.5', amount: 1 }, { description: '' }],
    });
    expect(ok.items).toEqual([{ description: 'Plan', quantity: '2.00', unitPrice: '9.50', amount: 1 }]);
    expect(ok).toMatchObject({ autoSend: false, endDate: null });
    // Left out, the currency is the service's to choose (the customer's, else the organization's).
    expect(ok.currency).toBeUndefined();
  });
  it('names each bad field with the spec message', () => {
    const r = RecurringBody.safeParse({
      name: '',
      customerId: '',
      frequency: 'daily',
      startDate: '2026-02-30',
      endDate: '2025-01-01',
      items: [{ description: 'x', quantity: 0, unitPrice: -1 }],
    });
    const byPath = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toMatchObject({
      name: 'Subscription name is required',
      customerId: 'Customer is required',
      frequency: 'Frequency must be one of weekly, monthly, quarterly, annually',
      startDate: 'Date must be a valid date (YYYY-MM-DD)',
      'items.0.quantity': 'Quantity must be at least 1',
      'items.0.unitPrice': 'Unit price must be positive',
    });
    expect(
      RecurringBody.safeParse({ ...base, endDate: '2026-11-30', items: [{ description: 'a', quantity: 1, unitPrice: 0 }] }).error!
        .issues[0],
    ).toMatchObject({ path: ['endDate'], message: 'End date must be on or after the start date' });
  });
});

describe('monthlyRecurring', () => {
  it('normalises each frequency to a month, exact to the cent, per currency', () => {
    const { monthly, average } = monthlyRecurring([
      { currency: 'USD', frequency: 'weekly', total: '100.00', count: 1 },
      { currency: 'USD', frequency: 'monthly', total: '250.00', count: 2 },
      { currency: 'USD', frequency: 'quarterly', total: '300.00', count: 1 },
      { currency: 'USD', frequency: 'annually', total: '1200.00', count: 1 },
      { currency: 'EUR', frequency: 'weekly', total: '0.01', count: 1 },
    ]);
    // 100×52/12 = 433.333…, 250, 300/3 = 100, 1200/12 = 100 → 883.33; 0.01×52/12 = 0.0433 → 0.04
    expect(monthly).toEqual([
      { currency: 'EUR', amount: '0.04' },
      { currency: 'USD', amount: '883.33' },
    ]);
    expect(average).toEqual([
      { currency: 'EUR', amount: '0.04' },
      { currency: 'USD', amount: '176.67' },
    ]);
    expect(monthlyRecurring([])).toEqual({ monthly: [], average: [] });
  });
});
