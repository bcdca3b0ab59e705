import { describe, expect, it } from 'vitest';
import type { DashboardStats } from '@billpoint/proto';
import { makeInvoice } from '@/testing/factories';
import { ABSENT_STATS } from '@/features/dashboard/lib/stats';
import { analyticsCsv, analyticsFileName, csvCell } from './export-csv';

describe('analytics CSV', () => {
  it('quotes what needs quoting and neutralises formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(null)).toBe('');
  });

  it('holds the figures and tables of the period, "—" figures left empty', () => {
    const stats: DashboardStats = {
      ...ABSENT_STATS,
      period: '30d',
      periodStart: '2026-04-02',
      currency: 'EUR',
      totalRevenue: 1234.5,
      paymentSuccessRate: 66.7,
      totalCustomers: 3,
      revenueGrowth: 12.5,
      monthlyRecurringRevenue: [{ currency: 'EUR', amount: '100.00' }],
      revenueByMonth: [{ month: '2026-04', revenue: 1234.5 }],
      currencyBreakdown: [{ currency: 'EUR', total: 2000 }],
      paymentMethodStats: [{ method: 'bank_transfer', amount: 300, count: 2 }],
      topCustomers: [{ id: 1, name: 'Zed, Ltd', company: null, totalSpent: 900 }],
      recentInvoices: [makeInvoice({ invoiceNumber: 'INV-0007', currency: 'EUR', total: '50.00', status: 'paid' })],
    };
    const csv = analyticsCsv(stats, new Date('2026-05-01T10:00:00Z'));
    const lines = csv.split('\r\n');
    expect(lines).toContain('Period,Last 30 days,from 2026-04-02');
    expect(lines).toContain('Total Revenue (EUR),1234.50');
    expect(lines).toContain('Monthly Recurring Revenue,EUR 100.00');
    expect(lines).toContain('Payment Success Rate (%),66.7');
    expect(lines).toContain('Revenue Growth (%),12.5');
    expect(lines).toContain('Customer Acquisition Cost (EUR),');
    expect(lines).toContain('Churn Rate (%),');
    expect(lines).toContain('2026-04,1234.50');
    expect(lines).toContain('Bank transfer,2,300.00');
    expect(lines).toContain('"Zed, Ltd",,900.00');
    expect(lines.some((l) => l.startsWith('INV-0007,') && l.endsWith(',EUR,50.00'))).toBe(true);
    expect(analyticsFileName(stats, new Date('2026-05-01T10:00:00Z'))).toBe('analytics-30d-EUR-2026-05-01.csv');
  });
});
