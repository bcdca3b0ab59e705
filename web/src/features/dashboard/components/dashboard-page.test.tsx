import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardStats } from '@billpoint/proto';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeInvoice } from '@/testing/factories';
import { ABSENT_STATS } from '../lib/stats';
import { DashboardPage } from './dashboard-page';

const renderDashboard = () => renderRoutes([{ path: '/', element: <DashboardPage /> }]);
const statValue = (name: string) => within(screen.getByTestId(`stat-${name}`)).getByTestId('stat-value');

describe('dashboard', () => {
  it('shows the figures, the fixed subtexts, the alerts and the recent invoices with dashboard badges', async () => {
    const stats: DashboardStats = {
      ...ABSENT_STATS,
      totalRevenue: 12_345.6,
      outstanding: 250,
      overdue: 3_999.99,
      totalCustomers: 4,
      dueSoonInvoices: 2,
      recentInvoices: [
        makeInvoice({ id: 1, invoiceNumber: 'INV-0001', status: 'paid' }),
        makeInvoice({ id: 2, invoiceNumber: 'INV-0002', status: 'draft' }),
      ],
    };
    stubFetch([{ path: '/api/dashboard/stats', body: stats }]);
    renderDashboard();

    await waitFor(() => expect(statValue('total-revenue')).toHaveTextContent('$12,345.60'));
    expect(statValue('outstanding')).toHaveTextContent('$250.00');
    expect(statValue('overdue')).toHaveTextContent('$3,999.99');
    expect(statValue('total-customers')).toHaveTextContent('4');
    for (const text of ['12.5% from last month', '8 pending invoices', '8 new this month', '3 overdue invoices'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByTestId('alert-overdue')).toHaveTextContent('3 Overdue Invoices');
    expect(screen.getByTestId('alert-due-soon')).toHaveTextContent('2 invoices due soon');
    expect(screen.getByText('System Update')).toBeInTheDocument();

    const rows = screen.getAllByTestId('recent-invoice');
    expect(within(rows[0]!).getByText('Paid')).toHaveAttribute('data-variant', 'default');
    expect(within(rows[1]!).getByText('Draft')).toHaveAttribute('data-variant', 'outline');
    expect(screen.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/invoices');
    expect(screen.getByRole('link', { name: 'View invoice INV-0001' })).toHaveAttribute('href', '/invoices/1');
    for (const [label, href] of [
      ['Add Customer', '/customers/create'],
      ['View Reports', '/analytics'],
      ['Manage Subscriptions', '/subscriptions'],
    ])
      expect(screen.getByRole('link', { name: label })).toHaveAttribute('href', href);
  });

  it('shows zeros and no invoices when the stats cannot be loaded', async () => {
    stubFetch([{ path: '/api/dashboard/stats', status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } }]);
    renderDashboard();
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
    expect(statValue('total-revenue')).toHaveTextContent('$0.00');
    expect(statValue('total-customers')).toHaveTextContent('0');
    expect(screen.getByTestId('alert-overdue')).toHaveTextContent('0 Overdue Invoices');
  });

  it('a send from a recent row shows no message on success and only logs a failure', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = stubFetch([
      { path: '/api/dashboard/stats', body: { ...ABSENT_STATS, recentInvoices: [makeInvoice({ id: 1, invoiceNumber: 'INV-0001' })] } },
      { method: 'POST', path: '/api/invoices/1/send', status: 502, body: { statusCode: 502, error: 'Bad Gateway', message: 'SMTP down' } },
    ]);
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Send invoice INV-0001' }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(calls.some((c) => c.method === 'POST')).toBe(true);
    const region = screen.getByRole('region', { name: /Notifications/ });
    expect(region.querySelector('li')).toBeNull();
  });

  it('switches the revenue period', async () => {
    const user = userEvent.setup();
    stubFetch([{ path: '/api/dashboard/stats', body: ABSENT_STATS }]);
    renderDashboard();
    const oneYear = await screen.findByRole('button', { name: '1Y' });
    expect(screen.getByRole('button', { name: '6M' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(oneYear);
    expect(oneYear).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('table', { name: 'Revenue by month' }).querySelectorAll('tbody tr')).toHaveLength(12);
  });
});
