import { addMonths, endOfMonth, endOfQuarter, endOfYear, isValid, parseISO, startOfMonth, startOfQuarter, startOfYear } from 'date-fns';
import type { ExpenseSummaryQuery } from '@billpoint/proto';
import { toIsoDate } from '@/lib/format';

/** The periods the filter offers; Custom shows two date inputs. */
export const PERIODS = [
  { value: 'all', label: 'All time' },
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'this-quarter', label: 'This quarter' },
  { value: 'this-year', label: 'This year' },
  { value: 'custom', label: 'Custom' },
] as const;
export type Period = (typeof PERIODS)[number]['value'];

/** The list's search is bounded like the API's (`search` at most 200 characters). */
export const SEARCH_MAX = 200;
export const RANGE_ERROR = 'The end date must be on or after the start date';

/**
 * The filters as the address holds them (`/expenses?category=3&period=custom&from=…&to=…&search=…`), so a reload
 * or a shared link keeps them. Values that cannot be read are left out, never sent.
 */
export type ExpenseFilterParams = { category: string; period: Period; from: string; to: string; search: string };

const isDate = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && isValid(parseISO(v));

export function readFilters(params: URLSearchParams): ExpenseFilterParams {
  const category = params.get('category') ?? '';
  const period = PERIODS.find((p) => p.value === params.get('period'))?.value ?? 'all';
  const from = params.get('from');
  const to = params.get('to');
  return {
    category: /^[1-9]\d{0,15}$/.test(category) && Number.isSafeInteger(Number(category)) ? category : '',
    period,
    from: period === 'custom' && isDate(from) ? from : '',
    to: period === 'custom' && isDate(to) ? to : '',
    search: (params.get('search') ?? '').slice(0, SEARCH_MAX),
  };
}

/** The address for `next`: empty values and the defaults are left out; other parameters stay. */
export function writeFilters(current: URLSearchParams, next: ExpenseFilterParams): URLSearchParams {
  const params = new URLSearchParams(current);
  const values: Record<keyof ExpenseFilterParams, string> = {
    ...next,
    period: next.period === 'all' ? '' : next.period,
    from: next.period === 'custom' ? next.from : '',
    to: next.period === 'custom' ? next.to : '',
  };
  for (const [key, value] of Object.entries(values)) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  return params;
}

/** The first and last day of a preset period around `today` (local calendar dates); nothing for All time and Custom. */
export function periodRange(period: Period, today: Date): { from: string; to: string } | undefined {
  const range = (start: Date, end: Date) => ({ from: toIsoDate(start), to: toIsoDate(end) });
  switch (period) {
    case 'this-month':
      return range(startOfMonth(today), endOfMonth(today));
    case 'last-month':
      return range(startOfMonth(addMonths(today, -1)), endOfMonth(addMonths(today, -1)));
    case 'this-quarter':
      return range(startOfQuarter(today), endOfQuarter(today));
    case 'this-year':
      return range(startOfYear(today), endOfYear(today));
    default:
      return undefined;
  }
}

/**
 * What the list and the cards ask the API for. A custom range that ends before it starts is not sent: the bar says
 * so (`rangeError`) and the dates are left out until it is fixed.
 */
export function toQuery(f: ExpenseFilterParams, today: Date): { query: ExpenseSummaryQuery; rangeError?: string } {
  const query: ExpenseSummaryQuery = {};
  const search = f.search.trim();
  if (search) query.search = search;
  if (f.category) query.categoryId = Number(f.category);
  if (f.period === 'custom') {
    if (f.from && f.to && f.to < f.from) return { query, rangeError: RANGE_ERROR };
    if (f.from) query.from = f.from;
    if (f.to) query.to = f.to;
  } else {
    Object.assign(query, periodRange(f.period, today));
  }
  return { query };
}

/** Whether any filter is set (Clear filters is shown, the empty state hints at it). */
export const isFiltered = (f: ExpenseFilterParams) => f.category !== '' || f.period !== 'all' || f.search.trim() !== '';

export const NO_FILTERS: ExpenseFilterParams = { category: '', period: 'all', from: '', to: '', search: '' };
