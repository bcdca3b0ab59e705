import { addMonths, differenceInCalendarMonths, format, startOfMonth } from 'date-fns';

export const REVENUE_PERIODS = ['6M', '1Y', 'All'] as const;
export type RevenuePeriod = (typeof REVENUE_PERIODS)[number];

export type RevenuePoint = { month: string; label: string; revenue: number };

/** "2024-03" or "2024-03-01…" → the first day of that month, local time. */
function parseMonth(key: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})/.exec(key);
  if (!m) return undefined;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? new Date(Number(m[1]), month - 1, 1) : undefined;
}

/**
 * The Revenue Overview series: one point per calendar month, months without revenue at 0, ending with
 * the current month. 6M and 1Y are the last 6 and 12 months; All starts at the earliest month with data
 * (and shows at least 6 months).
 */
export function revenueSeries(
  data: readonly { month: string; revenue: number }[],
  period: RevenuePeriod,
  now: Date = new Date(),
): RevenuePoint[] {
  const byMonth = new Map<string, number>();
  let earliest: Date | undefined;
  let latest = startOfMonth(now);
  for (const row of data) {
    const d = parseMonth(row.month);
    if (!d) continue;
    const key = format(d, 'yyyy-MM');
    byMonth.set(key, (byMonth.get(key) ?? 0) + (Number.isFinite(row.revenue) ? row.revenue : 0));
    if (!earliest || d < earliest) earliest = d;
    if (d > latest) latest = d;
  }
  const span = period === '6M' ? 6 : period === '1Y' ? 12 : Math.max(6, earliest ? differenceInCalendarMonths(latest, earliest) + 1 : 6);
  const start = addMonths(latest, -(span - 1));
  const spansYears = start.getFullYear() !== latest.getFullYear();
  return Array.from({ length: span }, (_, i) => {
    const d = addMonths(start, i);
    const month = format(d, 'yyyy-MM');
    return { month, label: format(d, spansYears ? 'MMM yy' : 'MMM'), revenue: Math.round((byMonth.get(month) ?? 0) * 100) / 100 };
  });
}
