import {
  ALL_TIME_COMPARE_DAYS,
  AnalyticsPeriodDays,
  churnRate,
  divMills,
  divRound,
  monthlyRecurring,
  toMills,
  type DashboardStats,
  type DashboardStatsQuery,
  type Invoice,
} from '@billpoint/proto';
import type { Identity, ServiceContext } from '@billpoint/kit';
import { toInvoice } from '../invoice/invoice.sql.ts';
import { statsSql, type CurrencyFigures, type StatsRow } from './dashboard.sql.ts';

/** Mills as the JSON number of the stats shape. */
const money = (mills: bigint) => Number(mills) / 1000;
/** n ÷ d × 100 to 0.1, half up; null when d is 0. */
export const percent = (n: bigint, d: bigint): number | null => (d === 0n ? null : Number(divRound(n * 1000n, d)) / 10);
/** n ÷ d to 0.1, half up; null when d is 0. */
const tenths = (n: bigint, d: bigint): number | null => (d === 0n ? null : Number(divRound(n * 10n, d)) / 10);
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `n` months up to the one of `now`, as YYYY-MM (UTC). */
function monthsBack(n: number, now: Date): string[] {
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) out.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)).toISOString().slice(0, 7));
  return out;
}
/** Months from `first` (YYYY-MM) to the one of `now`. */
function monthsFrom(first: string, now: Date): string[] {
  const [y, m] = first.split('-').map(Number) as [number, number];
  return monthsBack((now.getUTCFullYear() - y) * 12 + (now.getUTCMonth() + 1 - m) + 1, now);
}

/**
 * The windows of a query at `now`: the period [start, today] (UTC days, today included) and the window before it of
 * the same length; all time takes the last 30 days for the figures that compare (growth, churn).
 */
export function windows(period: DashboardStatsQuery['period'], now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = period ? AnalyticsPeriodDays[period] : ALL_TIME_COMPARE_DAYS;
  const start = today - (days - 1) * DAY;
  return { periodStart: period ? isoDay(start) : null, compareStart: isoDay(start), previousStart: isoDay(start - days * DAY) };
}

export class DashboardService {
  readonly #ctx: ServiceContext;
  constructor(ctx: ServiceContext) {
    this.#ctx = ctx;
  }

  /** The dashboard and analytics figures (every definition is on `DashboardStats` in proto). */
  async stats(id: Pick<Identity, 'tenantId'>, query: DashboardStatsQuery = {}, now = new Date()): Promise<DashboardStats> {
    const period = query.period ?? null;
    const currency = query.currency ?? null;
    const w = windows(query.period, now);
    const sql = statsSql(period ? 'issued' : currency ? 'currency-created' : 'created');
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    const params = [id.tenantId, currency, period ? 'd' : 'm', w.periodStart ?? '-infinity', w.compareStart, w.previousStart, monthStart];
    const [row] = await this.#ctx.reader.query<StatsRow & { [k: string]: unknown }>(id.tenantId, sql, params);
    const r = row!;

    // Figures of the asked currency in it, or of every currency in the base currency.
    const rows = currency ? r.by_currency.filter((c) => c.currency === currency) : r.by_currency;
    const amount = (total: keyof CurrencyFigures, base: keyof CurrencyFigures) =>
      rows.reduce((acc, c) => acc + toMills(String(c[currency ? total : base])), 0n);
    const count = (key: keyof CurrencyFigures) => rows.reduce((acc, c) => acc + BigInt(c[key]), 0n);

    const totalInvoices = count('invoice_count');
    const paidInvoices = count('paid_count');
    const revenueCount = count('revenue_count');
    const totalRevenue = period ? amount('revenue_total', 'revenue_base') : amount('paid_total', 'paid_base');

    const revenue = new Map(r.by_month.map((m) => [m.month, toMills(m.revenue)]));
    let months: string[];
    if (period) months = monthsFrom(w.periodStart!.slice(0, 7), now);
    else {
      const first = r.by_month[0]?.month;
      months = monthsBack(12, now);
      if (first && first < months[0]!) months = monthsFrom(first, now);
    }

    const customers = r.customer_figures;
    const invoiced = BigInt(customers.invoiced);
    const active = r.recurring.reduce((acc, s) => acc + BigInt(s.count), 0n);
    const currentRevenue = toMills(r.growth.current);
    const previousRevenue = toMills(r.growth.previous);

    const recentInvoices: Invoice[] = r.recent.map(toInvoice);
    return {
      period,
      periodStart: w.periodStart,
      currency,
      totalRevenue: money(totalRevenue),
      outstanding: money(amount('open_total', 'open_base')),
      overdue: money(amount('overdue_total', 'overdue_base')),
      totalCustomers: r.customers,
      newCustomersThisMonth: r.new_customers,
      totalInvoices: Number(totalInvoices),
      paidInvoices: Number(paidInvoices),
      overdueInvoices: Number(count('overdue_count')),
      pendingInvoices: Number(count('open_count') - count('overdue_count')),
      averageInvoiceValue: totalInvoices ? money(divMills(amount('invoice_total', 'invoice_base'), totalInvoices, 2)) : 0,
      dueSoonInvoices: r.due_soon,
      // Of the invoices issued to be paid (sent, viewed, overdue or paid), the share paid: drafts were never asked for.
      paymentSuccessRate: percent(paidInvoices, paidInvoices + count('open_count')) ?? 0,
      revenueByMonth: months.map((month) => ({ month, revenue: money(revenue.get(month) ?? 0n) })),
      baseCurrency: r.base.trim(),
      byCurrency: r.by_currency
        .map((c) => {
          const [rev, revBase] = period ? [c.revenue_total, c.revenue_base] : [c.paid_total, c.paid_base];
          return {
            currency: c.currency,
            cents: [rev, revBase, c.open_total, c.open_base, c.overdue_total, c.overdue_base].map((v) => toMills(String(v))),
          };
        })
        .filter((c) => c.cents.some((v) => v !== 0n))
        .sort((a, b) => (a.cents[1] === b.cents[1] ? a.currency.localeCompare(b.currency) : a.cents[1]! > b.cents[1]! ? -1 : 1))
        .map(({ currency, cents: [rev, revBase, open, openBase, overdue, overdueBase] }) => ({
          currency,
          revenue: money(rev!),
          revenueInBase: money(revBase!),
          outstanding: money(open!),
          outstandingInBase: money(openBase!),
          overdue: money(overdue!),
          overdueInBase: money(overdueBase!),
        })),
      currencyBreakdown: r.by_currency
        .map((c) => ({ currency: c.currency, cents: toMills(c.invoice_total) }))
        .filter((c) => c.cents !== 0n)
        .sort((a, b) => (a.cents === b.cents ? a.currency.localeCompare(b.currency) : a.cents > b.cents ? -1 : 1))
        .map((c) => ({ currency: c.currency, total: money(c.cents) })),
      topCustomers: r.top_customers.map((c) => ({
        id: Number(c.id),
        name: c.name,
        company: c.company ?? null,
        totalSpent: money(toMills(c.totalSpent)),
      })),
      recentInvoices,
      monthlyRecurringRevenue: monthlyRecurring(r.recurring).monthly,
      paymentMethodStats: r.payments
        .map((p) => ({ method: p.method, amount: money(toMills(p.amount)), count: Number(p.count) }))
        .sort((a, b) => b.amount - a.amount || b.count - a.count || a.method.localeCompare(b.method)),
      revenueGrowth: percent(currentRevenue - previousRevenue, previousRevenue),
      previousRevenue: money(previousRevenue),
      averageDaysToPayment: tenths(count('pay_days'), revenueCount),
      customerRetentionRate: percent(BigInt(customers.repeat), invoiced),
      automationRate: percent(count('generated_count'), totalInvoices),
      customerLifetimeValue: invoiced ? money(divMills(toMills(customers.paid), invoiced, 2)) : null,
      churnRate: churnRate(BigInt(r.schedules.stopped), active),
      customerAcquisitionCost: null,
    };
  }
}
