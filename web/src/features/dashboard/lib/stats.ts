import type { DashboardStats } from '@billpoint/proto';

/** Spec core §2: when the stats are absent, every number is 0 and the recent-invoice list is empty. */
export const ABSENT_STATS: DashboardStats = {
  period: null,
  periodStart: null,
  currency: null,
  totalRevenue: 0,
  outstanding: 0,
  overdue: 0,
  totalCustomers: 0,
  totalInvoices: 0,
  paidInvoices: 0,
  overdueInvoices: 0,
  pendingInvoices: 0,
  averageInvoiceValue: 0,
  dueSoonInvoices: 0,
  revenueByMonth: [],
  currencyBreakdown: [],
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
 * The Alerts panel. The overdue title is the overdue amount divided by 1000, rounded down, then
 * "Overdue Invoices" (spec core §2, word for word). The due-soon figure is the server's count of open
 * invoices due within 7 days (the spec's fixed 5 was a stand-in before the stats carried it).
 */
export function dashboardAlerts(stats: Pick<DashboardStats, 'overdue' | 'dueSoonInvoices'>) {
  const dueSoon = Math.max(0, Math.trunc(stats.dueSoonInvoices || 0));
  return {
    overdueTitle: `${Math.floor(Math.max(0, stats.overdue || 0) / 1000)} Overdue Invoices`,
    dueSoonTitle: `${dueSoon} ${dueSoon === 1 ? 'invoice' : 'invoices'} due soon`,
  };
}
