import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardStats } from '@billpoint/proto';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeInvoice } from '@/testing/factories';
import { ABSENT_STATS } from '../lib/stats';
import { DashboardPage } from './dashboard-page';

const renderDashboard = () => renderRoutes([{ path: '/', element: <DashboardPage /> }]);
const noNotice = { path: '/api/config', body: { maintenanceNotice: null } };
const statValue = (name: string) => within(screen.getByTestId(`stat-${name}`)).getByTestId('stat-value');

describe('dashboard', () => {
  it('shows the figures, their computed subtexts, the alerts and the recent invoices with dashboard badges', async () => {
    const stats: DashboardStats = {
      ...ABSENT_STATS,
      totalRevenue: 12_345.6,
      outstanding: 250,
      overdue: 3_999.99,
      totalCustomers: 4,
      newCustomersThisMonth: 1,
      pendingInvoices: 2,
      overdueInvoices: 3,
      revenueGrowth: 8.3,
      previousRevenue: 1000,
      dueSoonInvoices: 2,
      recentInvoices: [
        makeInvoice({ id: 1, invoiceNumber: 'INV-0001', status: 'paid' }),
        makeInvoice({ id: 2, invoiceNumber: 'INV-0002', status: 'draft' }),
      ],
    };
    stubFetch([{ path: '/api/dashboard/stats', body: stats }, noNotice]);
    renderDashboard();

    await waitFor(() => expect(statValue('total-revenue')).toHaveTextContent('$12,345.60'));
    expect(statValue('outstanding')).toHaveTextContent('$250.00');
    expect(statValue('overdue')).toHaveTextContent('$3,999.99');
    expect(statValue('total-customers')).toHaveTextContent('4');
    expect(screen.getByTestId('stat-total-revenue')).toHaveTextContent('+8.3% from last month');
    expect(screen.getByTestId('stat-outstanding')).toHaveTextContent('2 pending invoices');
    expect(screen.getByTestId('stat-total-customers')).toHaveTextContent('1 new this month');
    expect(screen.getByTestId('stat-overdue')).toHaveTextContent('3 overdue invoices');
    expect(screen.getByTestId('alert-overdue')).toHaveTextContent('3 Overdue Invoices');
    expect(screen.getByText('$3,999.99 overdue in total')).toBeInTheDocument();
    expect(screen.getByTestId('alert-due-soon')).toHaveTextContent('2 invoices due soon');
    // No maintenance notice unless the operator set one.
    expect(screen.queryByText('System Update')).not.toBeInTheDocument();

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
    stubFetch([
      { path: '/api/dashboard/stats', status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } },
      noNotice,
    ]);
    renderDashboard();
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
    expect(statValue('total-revenue')).toHaveTextContent('$0.00');
    expect(statValue('total-customers')).toHaveTextContent('0');
    expect(screen.getByTestId('alert-overdue')).toHaveTextContent('0 Overdue Invoices');
    for (const [card, text] of [
      ['total-revenue', 'No revenue last month'],
      ['outstanding', '0 pending invoices'],
      ['total-customers', '0 new this month'],
      ['overdue', '0 overdue invoices'],
    ] as const)
      expect(screen.getByTestId(`stat-${card}`)).toHaveTextContent(text);
  });

  it("shows the operator's maintenance notice as System Update when one is set", async () => {
    stubFetch([
      { path: '/api/dashboard/stats', body: ABSENT_STATS },
      { path: '/api/config', body: { maintenanceNotice: 'Maintenance on Sunday 02:00 UTC.' } },
    ]);
    renderDashboard();
    expect(await screen.findByTestId('alert-maintenance')).toHaveTextContent('System Update');
    expect(screen.getByText('Maintenance on Sunday 02:00 UTC.')).toBeInTheDocument();
  });

  it('a send from a recent row shows no message on success and only logs a failure', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = stubFetch([
      { path: '/api/dashboard/stats', body: { ...ABSENT_STATS, recentInvoices: [makeInvoice({ id: 1, invoiceNumber: 'INV-0001' })] } },
      { method: 'POST', path: '/api/invoices/1/send', status: 502, body: { statusCode: 502, error: 'Bad Gateway', message: 'SMTP down' } },
      noNotice,
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
    stubFetch([{ path: '/api/dashboard/stats', body: ABSENT_STATS }, noNotice]);
    renderDashboard();
    const oneYear = await screen.findByRole('button', { name: '1Y' });
    expect(screen.getByRole('button', { name: '6M' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(oneYear);
    expect(oneYear).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('table', { name: 'Revenue by month' }).querySelectorAll('tbody tr')).toHaveLength(12);
  });
});
