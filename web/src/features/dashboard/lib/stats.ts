import type { DashboardStats } from '@billpoint/proto';
import { formatCount, formatPercent, plural } from '@/lib/format';

/** When the stats are absent, every number is 0 and the recent-invoice list is empty. */
export const ABSENT_STATS: DashboardStats = {
  period: null,
  periodStart: null,
  currency: null,
  totalRevenue: 0,
  outstanding: 0,
  overdue: 0,
  totalCustomers: 0,
  newCustomersThisMonth: 0,
  totalInvoices: 0,
  paidInvoices: 0,
  overdueInvoices: 0,
  pendingInvoices: 0,
  averageInvoiceValue: 0,
  dueSoonInvoices: 0,
  revenueByMonth: [],
  currencyBreakdown: [],
  /** Unknown until the stats answer: money then shows in the organization's default currency. */
  baseCurrency: '',
  byCurrency: [],
  topCustomers: [],
  recentInvoices: [],
  monthlyRecurringRevenue: [],
  paymentSuccessRate: 0,
  paymentMethodStats: [],
  revenueGrowth: null,
  previousRevenue: 0,
  averageDaysToPayment: null,
  customerRetentionRate: null,
  automationRate: null,
  customerLifetimeValue: null,
  churnRate: null,
  customerAcquisitionCost: null,
};

/** Missing fields of a partial answer count as absent too. */
export function withDefaults(stats: Partial<DashboardStats> | null | undefined): DashboardStats {
  const s = { ...ABSENT_STATS };
  for (const [key, value] of Object.entries(stats ?? {})) if (value !== null && value !== undefined) Object.assign(s, { [key]: value });
  return s;
}

/**
 * The stat cards' subtexts, true figures in the wording of the spec's fixed texts ("12.5% from last month",
 * "8 pending invoices", "8 new this month", "3 overdue invoices"). Revenue: `revenueGrowth` of the all-time stats
 * (the last 30 days against the 30 before, see DashboardStats), signed to 0.1; without revenue in those 30 days
 * before, there is nothing to compare with: "No revenue last month".
 */
export function statSubtexts(
  stats: Pick<DashboardStats, 'revenueGrowth' | 'pendingInvoices' | 'newCustomersThisMonth' | 'overdueInvoices'>,
) {
  return {
    revenue: growthText(stats.revenueGrowth),
    outstanding: plural(count(stats.pendingInvoices), 'pending invoice'),
    customers: `${formatCount(count(stats.newCustomersThisMonth))} new this month`,
    overdue: plural(count(stats.overdueInvoices), 'overdue invoice'),
  };
}

/** "+8.3% from last month", "-4.0% from last month", "0.0% from last month"; null growth: "No revenue last month". */
export function growthText(growth: number | null | undefined): string {
  if (growth === null || growth === undefined || !Number.isFinite(growth)) return 'No revenue last month';
  return `${formatPercent(growth, { signed: true })} from last month`;
}

const count = (n: number | null | undefined) => Math.max(0, Math.trunc(n || 0));

/**
 * The Alerts panel, every figure true. The overdue title counts the overdue invoices in the spec's wording ("3 Overdue
 * Invoices"; the first dashboard titled it with the overdue amount ÷ 1000, which is no count of anything); the amount is the
 * alert's text. The due-soon figure is the server's count of open invoices due within 7 days (the spec's fixed 5 was
 * a stand-in). The maintenance notice is the operator's (GET /api/config), shown only when one is set.
 */
export function dashboardAlerts(stats: Pick<DashboardStats, 'overdueInvoices' | 'dueSoonInvoices'>) {
  return {
    overdueTitle: plural(count(stats.overdueInvoices), 'Overdue Invoice'),
    dueSoonTitle: `${plural(count(stats.dueSoonInvoices), 'invoice')} due soon`,
  };
}
