import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardStats } from '@billpoint/proto';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeInvoice } from '@/testing/factories';
import { ABSENT_STATS } from '@/features/dashboard/lib/stats';
import { AnalyticsPage } from './analytics-page';

const card = (title: string) => within(screen.getByTestId(`summary-${title}`)).getByTestId('summary-value');
const figure = (key: string) => within(screen.getByTestId(`figure-${key}`)).getByTestId('figure-value');

const stats: DashboardStats = {
  ...ABSENT_STATS,
  period: '30d',
  periodStart: '2026-04-02',
  totalRevenue: 1500,
  totalCustomers: 7,
  totalInvoices: 3,
  paidInvoices: 2,
  paymentSuccessRate: 66.7,
  outstanding: 250,
  overdue: 100,
  averageInvoiceValue: 583.33,
  monthlyRecurringRevenue: [{ currency: 'USD', amount: '433.33' }],
  currencyBreakdown: [
    { currency: 'USD', total: 1500 },
    { currency: 'EUR', total: 250 },
  ],
  paymentMethodStats: [{ method: 'cash', amount: 100, count: 1 }],
  topCustomers: [{ id: 4, name: 'Ann Buyer', company: 'Ann Co', totalSpent: 1500 }],
  recentInvoices: Array.from({ length: 6 }, (_, i) => makeInvoice({ id: i + 1, invoiceNumber: `INV-000${i + 1}` })),
  revenueGrowth: 12.5,
  averageDaysToPayment: 18,
  customerRetentionRate: 92.5,
  automationRate: 78,
  customerLifetimeValue: 2450,
  churnRate: 2.1,
  customerAcquisitionCost: null,
};

describe('analytics', () => {
  it('shows the KPI cards, the breakdown and the tabs; period and currency go to the server', async () => {
    const calls = stubFetch([
      {
        path: '/api/dashboard/stats',
        reply: (url) => ({ body: { ...stats, period: url.searchParams.get('period'), currency: url.searchParams.get('currency') } }),
      },
    ]);
    renderRoutes([{ path: '/', element: <AnalyticsPage /> }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics & Reports' })).toBeInTheDocument();
    await waitFor(() => expect(card('total-revenue')).toHaveTextContent('$1,500.00'));
    expect(card('monthly-recurring-revenue')).toHaveTextContent('$433.33');
    expect(card('active-customers')).toHaveTextContent('7');
    expect(card('payment-success-rate')).toHaveTextContent('66.7%');
    expect(screen.getAllByTestId('currency-row').map((r) => r.textContent)).toEqual(['USD$1,500.00', 'EUR€250.00']);
    expect(calls.at(-1)!.url).toBe('/api/dashboard/stats?period=30d');

    expect(figure('outstanding')).toHaveTextContent('$250.00');
    expect(figure('overdue')).toHaveTextContent('$100.00');
    expect(figure('average-value')).toHaveTextContent('$583.33');
    expect(screen.getAllByTestId('analytics-recent-invoice')).toHaveLength(5);

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(screen.getByTestId('payment-method-row')).toHaveTextContent('Cash1$100.00');
    await user.click(screen.getByRole('tab', { name: 'Customers' }));
    expect(screen.getByTestId('top-customer-row')).toHaveTextContent('Ann BuyerAnn Co$1,500.00');
    await user.click(screen.getByRole('tab', { name: 'Performance' }));
    expect(figure('revenueGrowth')).toHaveTextContent('+12.5%');
    expect(figure('averageDaysToPayment')).toHaveTextContent('18.0 days');
    expect(figure('customerRetentionRate')).toHaveTextContent('92.5%');
    expect(figure('automationRate')).toHaveTextContent('78.0%');
    expect(figure('customerLifetimeValue')).toHaveTextContent('$2,450.00');
    expect(figure('churnRate')).toHaveTextContent('2.1%');
    expect(figure('customerAcquisitionCost')).toHaveTextContent('—');
    expect(
      within(screen.getByTestId('figure-customerAcquisitionCost')).getByRole('button', { name: /^Not available: / }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(screen.getByRole('option', { name: 'Last year' }));
    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(screen.getByRole('option', { name: 'EUR' }));
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/dashboard/stats?period=1y&currency=EUR'));
    await waitFor(() => expect(card('total-revenue')).toHaveTextContent('€1,500.00'));
  });

  it("shows every currency together in the organization's base currency, with its own symbol", async () => {
    stubFetch([{ path: '/api/dashboard/stats', reply: () => ({ body: { ...stats, baseCurrency: 'EUR' } }) }]);
    renderRoutes([{ path: '/', element: <AnalyticsPage /> }]);
    await waitFor(() => expect(card('total-revenue')).toHaveTextContent('€1,500.00'));
    expect(figure('average-value')).toHaveTextContent('€583.33');
  });

  it('shows skeletons while loading, then empty states', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    stubFetch([{ path: '/api/dashboard/stats', reply: async () => (await gate, { body: { ...ABSENT_STATS, period: '30d' } }) }]);
    renderRoutes([{ path: '/', element: <AnalyticsPage /> }]);
    expect(within(screen.getByTestId('summary-total-revenue')).queryByTestId('summary-value')).toBeNull();
    expect(screen.getAllByTestId('recent-skeleton')).toHaveLength(5);
    release();
    expect(await screen.findByText('No invoices in this period', { selector: 'p.rounded-lg' })).toBeInTheDocument();
    expect(screen.getByText('No revenue in this period')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(screen.getByText('No payments in this period')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Customers' }));
    expect(screen.getByText('No paid invoices yet')).toBeInTheDocument();
  });
});
