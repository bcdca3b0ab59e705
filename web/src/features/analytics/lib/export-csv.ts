import type { DashboardStats } from '@billpoint/proto';
import { methodLabel, PERIOD_OPTIONS } from './figures';

/** One CSV cell: quoted when needed; a leading = + - @ (a spreadsheet formula) is neutralised with a quote mark. */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
const line = (...cells: (string | number | null | undefined)[]) => cells.map(csvCell).join(',');
const amount = (v: number) => v.toFixed(2);

/**
 * The Export of the analytics screen: every figure and table the screen shows for the period and currency, in
 * sections (key figures with the Performance metrics, revenue by month, currency breakdown, payment methods, top
 * customers, the 5 recent invoices), plus the previous period's revenue that growth compares with. Amounts and
 * percentages as plain decimals (the unit in the label) so a spreadsheet reads them as numbers; "—" figures empty.
 */
export function analyticsCsv(s: DashboardStats, now = new Date()): string {
  const currency = s.currency ?? 'USD';
  const period = PERIOD_OPTIONS.find((p) => p.value === s.period)?.label ?? 'All time';
  const mrr = s.monthlyRecurringRevenue.map((m) => `${m.currency} ${m.amount}`).join('; ') || '0.00';
  const rows = [
    line('Analytics & Reports'),
    line('Period', period, s.periodStart ? `from ${s.periodStart}` : ''),
    line('Currency', s.currency ?? 'All currencies (amounts in USD)'),
    line('Exported', now.toISOString()),
    '',
    line('Figure', 'Value'),
    line(`Total Revenue (${currency})`, amount(s.totalRevenue)),
    line('Monthly Recurring Revenue', mrr),
    line('Active Customers', s.totalCustomers),
    line('Payment Success Rate (%)', s.paymentSuccessRate.toFixed(1)),
    line('Total Invoices', s.totalInvoices),
    line('Paid Invoices', s.paidInvoices),
    line(`Outstanding (${currency})`, amount(s.outstanding)),
    line(`Overdue (${currency})`, amount(s.overdue)),
    line(`Average Value (${currency})`, amount(s.averageInvoiceValue)),
    line('Revenue Growth (%)', s.revenueGrowth?.toFixed(1)),
    line(`Previous Period Revenue (${currency})`, amount(s.previousRevenue)),
    line('Avg. Days to Payment', s.averageDaysToPayment?.toFixed(1)),
    line('Customer Retention (%)', s.customerRetentionRate?.toFixed(1)),
    line('Automation Rate (%)', s.automationRate?.toFixed(1)),
    line(`Customer Acquisition Cost (${currency})`, s.customerAcquisitionCost === null ? null : amount(s.customerAcquisitionCost)),
    line(`Customer Lifetime Value (${currency})`, s.customerLifetimeValue === null ? null : amount(s.customerLifetimeValue)),
    line('Churn Rate (%)', s.churnRate?.toFixed(1)),
    '',
    line('Revenue Trends'),
    line('Month', `Revenue (${currency})`),
    ...s.revenueByMonth.map((m) => line(m.month, amount(m.revenue))),
    '',
    line('Currency Breakdown'),
    line('Currency', 'Invoiced'),
    ...s.currencyBreakdown.map((c) => line(c.currency, amount(c.total))),
    '',
    line('Payment Methods'),
    line('Method', 'Payments', `Amount (${currency})`),
    ...s.paymentMethodStats.map((p) => line(methodLabel(p.method), p.count, amount(p.amount))),
    '',
    line('Top Customers'),
    line('Customer', 'Company', `Total Paid (${currency})`),
    ...s.topCustomers.map((c) => line(c.name, c.company, amount(c.totalSpent))),
    '',
    line('Recent Invoices'),
    line('Invoice', 'Customer', 'Status', 'Issue Date', 'Due Date', 'Currency', 'Total'),
    ...s.recentInvoices
      .slice(0, 5)
      .map((i) => line(i.invoiceNumber, i.customer?.name, i.status, i.issueDate, i.dueDate, i.currency, i.total)),
  ];
  return `${rows.join('\r\n')}\r\n`;
}

/** analytics-30d-EUR-2026-05-01.csv */
export const analyticsFileName = (s: DashboardStats, now = new Date()) =>
  `analytics-${s.period ?? 'all'}-${s.currency ?? 'all'}-${now.toISOString().slice(0, 10)}.csv`;

/** Hands the CSV to the browser as a download. */
export function downloadCsv(name: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
