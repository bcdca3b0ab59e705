import { describe, expect, it } from 'vitest';
import { vatDueDate, vatPeriod, vatPeriodLabel, type VatFilingFrequency } from './vat-deadlines.ts';

const due = (country: string | null, frequency: VatFilingFrequency, date: string, extension = false) =>
  vatDueDate({ country, frequency, extension, period: vatPeriod(frequency, date) });

describe('vatPeriod: the filing period around a date', () => {
  it('months, quarters and years, with offsets across year ends', () => {
    expect(vatPeriod('monthly', '2028-02-14')).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(vatPeriod('monthly', '2027-01-05', -1)).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
    expect(vatPeriod('quarterly', '2026-11-30')).toEqual({ startDate: '2026-10-01', endDate: '2026-12-31' });
    expect(vatPeriod('quarterly', '2027-02-01', -2)).toEqual({ startDate: '2026-07-01', endDate: '2026-09-30' });
    expect(vatPeriod('annual', '2026-06-15', 1)).toEqual({ startDate: '2027-01-01', endDate: '2027-12-31' });
  });
  it('labels', () => {
    expect(vatPeriodLabel('monthly', vatPeriod('monthly', '2026-11-02'))).toBe('2026-11');
    expect(vatPeriodLabel('quarterly', vatPeriod('quarterly', '2026-11-02'))).toBe('2026-Q4');
    expect(vatPeriodLabel('annual', vatPeriod('annual', '2026-11-02'))).toBe('2026');
  });
});

describe('vatDueDate: Germany', () => {
  it('monthly: the 10th of the following month', () => {
    expect(due('DE', 'monthly', '2026-11-15')).toBe('2026-12-10'); // a Thursday
    expect(due('DE', 'monthly', '2027-02-03')).toBe('2027-03-10');
  });
  it('the year end: December is due on 10 January, moved to Monday when that is a Sunday', () => {
    expect(due('DE', 'monthly', '2025-12-01')).toBe('2026-01-12'); // 10 Jan 2026 is a Saturday
    expect(due('DE', 'monthly', '2026-12-01')).toBe('2027-01-11'); // 10 Jan 2027 is a Sunday
    expect(due('DE', 'monthly', '2027-12-01')).toBe('2028-01-10'); // a Monday
  });
  it('quarterly: the 10th after the quarter', () => {
    expect(due('DE', 'quarterly', '2026-08-20')).toBe('2026-10-12'); // 10 Oct 2026 is a Saturday
    expect(due('DE', 'quarterly', '2027-05-20')).toBe('2027-07-12'); // 10 Jul 2027 is a Saturday
    expect(due('DE', 'quarterly', '2025-02-01')).toBe('2025-04-10');
  });
  it('with the permanent extension one month later, also over the year end', () => {
    expect(due('DE', 'monthly', '2026-11-15', true)).toBe('2027-01-11'); // 10 Jan 2027 is a Sunday
    expect(due('DE', 'monthly', '2026-12-15', true)).toBe('2027-02-10');
    expect(due('DE', 'quarterly', '2026-11-15', true)).toBe('2027-02-10');
  });
  it('annual: 31 July of the following year (the extension does not apply); a weekend moves to Monday', () => {
    expect(due('DE', 'annual', '2025-03-01')).toBe('2026-07-31'); // a Friday
    expect(due('DE', 'annual', '2025-03-01', true)).toBe('2026-07-31');
    expect(due('DE', 'annual', '2026-03-01')).toBe('2027-08-02'); // 31 Jul 2027 is a Saturday
  });
  it('the country is read in any case', () => {
    expect(due('de', 'monthly', '2026-11-15')).toBe('2026-12-10');
  });
});

describe('vatDueDate: other countries', () => {
  it('AT: the 15th of the second month after the period, weekends to Monday', () => {
    expect(due('AT', 'monthly', '2026-10-10')).toBe('2026-12-15');
    expect(due('AT', 'monthly', '2026-11-10')).toBe('2027-01-15');
    expect(due('AT', 'monthly', '2026-12-10')).toBe('2027-02-15');
    expect(due('AT', 'quarterly', '2026-11-10')).toBe('2027-02-15');
    expect(due('AT', 'monthly', '2026-09-10')).toBe('2026-11-16'); // 15 Nov 2026 is a Sunday
  });
  it('FR: the 19th of the following month, weekends not moved', () => {
    expect(due('FR', 'monthly', '2026-11-10')).toBe('2026-12-19'); // a Saturday
    expect(due('FR', 'monthly', '2026-12-10')).toBe('2027-01-19');
    expect(due('FR', 'quarterly', '2026-12-10')).toBe('2027-01-19');
  });
  it('BE: the 20th of the following month', () => {
    expect(due('BE', 'monthly', '2026-12-10')).toBe('2027-01-20');
    expect(due('BE', 'quarterly', '2026-05-10')).toBe('2026-07-20');
  });
  it('NL and any other country: the last day of the following month', () => {
    expect(due('NL', 'quarterly', '2026-11-10')).toBe('2027-01-31');
    expect(due('NL', 'monthly', '2028-01-10')).toBe('2028-02-29');
    expect(due('US', 'monthly', '2026-12-10')).toBe('2027-01-31');
    expect(due(null, 'quarterly', '2026-07-10')).toBe('2026-10-31');
    expect(due(null, 'annual', '2026-07-10')).toBe('2027-01-31');
  });
});
