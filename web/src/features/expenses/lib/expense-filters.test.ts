import { describe, expect, it } from 'vitest';
import { NO_FILTERS, periodRange, readFilters, toQuery, writeFilters } from './expense-filters';

const today = new Date(2026, 2, 31, 23, 30); // 31 March 2026, late evening, local time

describe('expense filters in the address', () => {
  it('leaves out what cannot be read: a bad category, an unknown period, impossible dates, dates without Custom', () => {
    const read = (qs: string) => readFilters(new URLSearchParams(qs));
    expect(read('category=abc&period=bogus&from=2026-01-01')).toEqual(NO_FILTERS);
    expect(read('category=0&period=custom&from=2026-02-30&to=tomorrow')).toEqual({ ...NO_FILTERS, period: 'custom' });
    expect(read(`category=12&search=${'x'.repeat(250)}`)).toMatchObject({ category: '12', search: 'x'.repeat(200) });
    // Record ids run up to 2^53 − 1 (sixteen digits); beyond that no id exists.
    expect(read('category=9007199254740991')).toMatchObject({ category: '9007199254740991' });
    expect(read('category=9007199254740993')).toEqual(NO_FILTERS);
  });

  it('writes only what is set, keeps other parameters, and drops the dates when the period is not Custom', () => {
    const current = new URLSearchParams('tab=x&from=2026-01-01');
    expect(String(writeFilters(current, { ...NO_FILTERS, category: '3', search: 'taxi' }))).toBe('tab=x&category=3&search=taxi');
    expect(String(writeFilters(current, { ...NO_FILTERS, period: 'custom', from: '2026-01-01', to: '2026-01-31' }))).toBe(
      'tab=x&from=2026-01-01&period=custom&to=2026-01-31',
    );
    expect(String(writeFilters(current, { ...NO_FILTERS, period: 'this-year', from: '2026-01-01' }))).toBe('tab=x&period=this-year');
  });

  it('periods are local calendar ranges; the query trims the search and refuses a range that ends before it starts', () => {
    expect(periodRange('this-month', today)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(periodRange('last-month', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('this-quarter', today)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(periodRange('all', today)).toBeUndefined();
    expect(toQuery({ ...NO_FILTERS, category: '7', search: '  taxi ', period: 'this-year' }, today)).toEqual({
      query: { categoryId: 7, search: 'taxi', from: '2026-01-01', to: '2026-12-31' },
    });
    expect(toQuery({ ...NO_FILTERS, period: 'custom', from: '2026-03-02', to: '2026-03-01' }, today)).toEqual({
      query: {},
      rangeError: 'The end date must be on or after the start date',
    });
    expect(toQuery({ ...NO_FILTERS, period: 'custom', to: '2026-03-01' }, today)).toEqual({ query: { to: '2026-03-01' } });
  });
});
