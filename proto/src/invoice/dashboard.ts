import { z } from 'zod';
import { CurrencyCode } from '../common.ts';
import { divRound } from '../money.ts';
import { Invoice } from './model.ts';

/** The analytics periods (Last 7 days, Last 30 days, Last 90 days, Last year). */
export const AnalyticsPeriods = ['7d', '30d', '90d', '1y'] as const;
export type AnalyticsPeriod = (typeof AnalyticsPeriods)[number];
/** Days a period spans, today (UTC) included: 7d is today and the 6 days before. */
export const AnalyticsPeriodDays: Record<AnalyticsPeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

/**
 * GET /api/dashboard/stats query. Without `period`: all time (what the dashboard shows). Without `currency`: every
 * currency, amounts in the base currency (total × the invoice's exchange rate, as the dashboard shows); with it:
 * only invoices (and payments, schedules) in that currency, amounts in it, nothing converted.
 */
export const DashboardStatsQuery = z.object({
  period: z.enum(AnalyticsPeriods, { error: `Period must be one of ${AnalyticsPeriods.join(', ')}` }).optional(),
  currency: CurrencyCode.optional(),
});
export type DashboardStatsQuery = z.infer<typeof DashboardStatsQuery>;

/**
 * GET /api/dashboard/stats: the dashboard's fields and the analytics figures, all computed from rollups kept
 * in the transaction of every invoice, payment and schedule change. "In the period" means: issued (issue date) on or
 * after `periodStart` for invoice figures, paid (paid date, UTC) on or after it for revenue, dated on or after it for
 * payments. Amounts: in `currency` when one was asked for, else in the base currency. Percentages have one decimal.
 * Credit notes: every amount taken from an invoice — invoiced totals, outstanding, overdue, revenue, top
 * customers, lifetime value — is its total net of its credit notes (less the sum of its credit notes, whatever their
 * resolution; in the base currency at the invoice's rate). Paid-by-method figures come from payments, net of refunds.
 */
export const DashboardStats = z.object({
  /** The period asked for (null: all time) and its first day (YYYY-MM-DD, UTC), and the currency asked for. */
  period: z.enum(AnalyticsPeriods).nullable(),
  periodStart: z.string().nullable(),
  currency: z.string().nullable(),
  /** Totals of paid invoices net of their credit notes (marked paid by hand or by payments); with a period, those paid in it. */
  totalRevenue: z.number(),
  /** Totals of sent, viewed and overdue invoices issued in the period. */
  outstanding: z.number(),
  /** Totals of overdue invoices issued in the period. */
  overdue: z.number(),
  /** The tenant's customers (not deleted), whatever the period and currency. */
  totalCustomers: z.number().int(),
  /**
   * Of them, those created this calendar month (UTC), whatever the period and currency: the dashboard's "N new this
   * month". A customer whose creation date billing has not seen yet (kept before it recorded them) is not counted.
   */
  newCustomersThisMonth: z.number().int(),
  /** Invoices issued in the period (every status), of them paid, overdue, pending (sent or viewed). */
  totalInvoices: z.number().int(),
  paidInvoices: z.number().int(),
  overdueInvoices: z.number().int(),
  pendingInvoices: z.number().int(),
  /** Total of the invoices issued in the period ÷ their number, to the cent (half up); 0 without invoices. */
  averageInvoiceValue: z.number(),
  /** Sent or viewed invoices due today or within 7 days (in the currency, whatever the period). */
  dueSoonInvoices: z.number().int(),
  /**
   * Payment success rate: paid ÷ the invoices of the period issued to be paid (sent, viewed, overdue or paid) × 100, to
   * 0.1 (0 without any). Drafts, cancelled and credited invoices were never owed, so they do not count as unpaid.
   */
  paymentSuccessRate: z.number(),
  /** Revenue by the month invoices were paid (YYYY-MM): all time every month from the first (at least 12); with a period the months it touches. */
  revenueByMonth: z.array(z.object({ month: z.string(), revenue: z.number() })),
  /** Invoiced totals of the period in each invoice currency, in that currency (every currency, whatever `currency` says), largest first. */
  currencyBreakdown: z.array(z.object({ currency: z.string(), total: z.number() })),
  /** The organization's base currency (its default currency): the one amounts are in without `currency`. */
  baseCurrency: z.string(),
  /**
   * The money cards' figures per invoice currency: revenue, outstanding and overdue of the period, each in
   * that currency and in the base currency (at the invoices' rates); the base figures add up to the cards' totals.
   * Currencies with nothing to show are absent; largest revenue (in base) first.
   */
  byCurrency: z.array(
    z.object({
      currency: z.string(),
      revenue: z.number(),
      revenueInBase: z.number(),
      outstanding: z.number(),
      outstandingInBase: z.number(),
      overdue: z.number(),
      overdueInBase: z.number(),
    }),
  ),
  /** The 5 customers who paid most (all time; in `currency` when asked), with what they paid. */
  topCustomers: z.array(z.object({ id: z.number().int(), name: z.string(), company: z.string().nullable(), totalSpent: z.number() })),
  /** The 5 most recent invoices (created; with a period: latest issued in it), with the customer's name. */
  recentInvoices: z.array(Invoice),
  /**
   * Active recurring schedules normalised to a month (weekly × 52/12, quarterly ÷ 3, annually ÷ 12), exact to the
   * cent, one entry per currency (schedules carry no exchange rate, so currencies are never summed together).
   */
  monthlyRecurringRevenue: z.array(z.object({ currency: z.string(), amount: z.string() })),
  /**
   * Payments received in the period by method: completed payments (later refunded ones included) and the amount
   * kept after refunds, in the payment currency (`currency`) or the base currency. Methods without payments are absent.
   */
  paymentMethodStats: z.array(z.object({ method: z.string(), amount: z.number(), count: z.number().int() })),
  /**
   * Growth: revenue of the period against the same number of days just before it, in percent to 0.1 (the period;
   * all time compares the last 30 days). Null when the previous period had no revenue. `previousRevenue` is that figure.
   * The dashboard's "+8.3% from last month" is this figure of the all-time stats: the last 30 days against the 30
   * before (a rolling month, so the figure does not swing with how far the calendar month has gone); when those 30
   * days before had no revenue it says "No revenue last month".
   */
  revenueGrowth: z.number().nullable(),
  previousRevenue: z.number(),
  /** Mean days from issue date to paid date of the invoices paid in the period, to 0.1; null when none was paid. */
  averageDaysToPayment: z.number().nullable(),
  /** Retention: customers with two invoices or more ÷ customers with at least one, × 100 to 0.1 (all time, in `currency`); null without invoiced customers. */
  customerRetentionRate: z.number().nullable(),
  /** Automation: invoices of the period generated by recurring schedules (those are the ones sent automatically) ÷ all its invoices, × 100 to 0.1; null without invoices. */
  automationRate: z.number().nullable(),
  /** Lifetime value: paid invoices' totals ÷ customers with at least one invoice (all time, in `currency`), to the cent; null without invoiced customers. */
  customerLifetimeValue: z.number().nullable(),
  /** Churn: `churnRate` below (all time: the last 30 days); null when no schedule was active in the period. */
  churnRate: z.number().nullable(),
  /** Acquisition cost: Billpoint does not know what was spent to win customers, so always null (shown as "—"). */
  customerAcquisitionCost: z.number().nullable(),
});
export type DashboardStats = z.infer<typeof DashboardStats>;

/** The days the all-time figures that compare (growth, churn) look back over: the last 30 days, today included. */
export const ALL_TIME_COMPARE_DAYS = 30;

/**
 * Churn, one definition for the analytics (billing) and the AI insight (ai): the schedules stopped in the period
 * (paused, ended, customer deleted, or deleted while active) ÷ the schedules active in it — those active at its start
 * and those started in it, which is the schedules active now plus those stopped in it — × 100 to 0.1, half up. Null
 * when no schedule was active in the period. A schedule started and cancelled within the period counts (1 of 1: 100 %).
 */
export function churnRate(stopped: bigint, activeNow: bigint): number | null {
  const active = activeNow + stopped;
  return active <= 0n ? null : Number(divRound(stopped * 1000n, active)) / 10;
}
