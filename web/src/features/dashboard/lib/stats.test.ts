import { describe, expect, it } from 'vitest';
import { dashboardAlerts, growthText, statSubtexts, withDefaults } from './stats';
import { revenueSeries } from './revenue';

describe('dashboard alerts', () => {
  it('titles the overdue alert with the number of overdue invoices, singular for one', () => {
    expect(dashboardAlerts({ overdueInvoices: 0, dueSoonInvoices: 0 }).overdueTitle).toBe('0 Overdue Invoices');
    expect(dashboardAlerts({ overdueInvoices: 1, dueSoonInvoices: 0 }).overdueTitle).toBe('1 Overdue Invoice');
    expect(dashboardAlerts({ overdueInvoices: 12, dueSoonInvoices: 0 }).overdueTitle).toBe('12 Overdue Invoices');
  });

  it('counts the invoices due within 7 days from the stats', () => {
    expect(dashboardAlerts({ overdueInvoices: 0, dueSoonInvoices: 0 }).dueSoonTitle).toBe('0 invoices due soon');
    expect(dashboardAlerts({ overdueInvoices: 0, dueSoonInvoices: 1 }).dueSoonTitle).toBe('1 invoice due soon');
    expect(dashboardAlerts({ overdueInvoices: 0, dueSoonInvoices: 5 }).dueSoonTitle).toBe('5 invoices due soon');
  });

  it('defaults absent stats to zeros and no invoices', () => {
    const s = withDefaults(undefined);
    expect([s.totalRevenue, s.outstanding, s.overdue, s.totalCustomers, s.dueSoonInvoices]).toEqual([0, 0, 0, 0, 0]);
    expect(s.recentInvoices).toEqual([]);
    expect(withDefaults({ totalRevenue: 10 }).overdue).toBe(0);
  });
});

describe('stat card subtexts', () => {
  it('an empty tenant: no revenue to compare with, and zeros in plural', () => {
    expect(statSubtexts(withDefaults(undefined))).toEqual({
      revenue: 'No revenue last month',
      outstanding: '0 pending invoices',
      customers: '0 new this month',
      overdue: '0 overdue invoices',
    });
  });

  it('a seeded tenant: signed growth to 0.1 and the counts, singular for one', () => {
    expect(statSubtexts({ revenueGrowth: 8.3, pendingInvoices: 2, newCustomersThisMonth: 1, overdueInvoices: 1 })).toEqual({
      revenue: '+8.3% from last month',
      outstanding: '2 pending invoices',
      customers: '1 new this month',
      overdue: '1 overdue invoice',
    });
    expect(statSubtexts({ revenueGrowth: -4, pendingInvoices: 1, newCustomersThisMonth: 1200, overdueInvoices: 3 })).toEqual({
      revenue: '-4.0% from last month',
      outstanding: '1 pending invoice',
      customers: '1,200 new this month',
      overdue: '3 overdue invoices',
    });
    expect(growthText(0)).toBe('0.0% from last month');
    expect(growthText(null)).toBe('No revenue last month');
  });
});

describe('revenue series', () => {
  const now = new Date(2024, 5, 15); // June 2024
  const data = [
    { month: '2023-01', revenue: 50 },
    { month: '2024-02', revenue: 100 },
    { month: '2024-06', revenue: 25.5 },
  ];

  it('6M: the last six months up to this one, empty months at 0', () => {
    expect(revenueSeries(data, '6M', now)).toEqual([
      { month: '2024-01', label: 'Jan', revenue: 0 },
      { month: '2024-02', label: 'Feb', revenue: 100 },
      { month: '2024-03', label: 'Mar', revenue: 0 },
      { month: '2024-04', label: 'Apr', revenue: 0 },
      { month: '2024-05', label: 'May', revenue: 0 },
      { month: '2024-06', label: 'Jun', revenue: 25.5 },
    ]);
  });

  it('1Y: twelve months, labelled with the year when they span two', () => {
    const series = revenueSeries(data, '1Y', now);
    expect(series).toHaveLength(12);
    expect(series[0]).toEqual({ month: '2023-07', label: 'Jul 23', revenue: 0 });
    expect(series.at(-1)).toEqual({ month: '2024-06', label: 'Jun 24', revenue: 25.5 });
  });

  it('All: from the earliest month with revenue; at least six months', () => {
    const series = revenueSeries(data, 'All', now);
    expect(series[0]).toMatchObject({ month: '2023-01', revenue: 50 });
    expect(series).toHaveLength(18);
    expect(revenueSeries([], 'All', now)).toHaveLength(6);
  });
});
