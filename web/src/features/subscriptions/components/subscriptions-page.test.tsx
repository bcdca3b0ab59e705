import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFetch } from '@/testing/render';
import { makeSubscription, makeSummary } from '@/testing/factories';
import { listApi, renderList, routes } from '../testing/list-api';

describe('subscriptions list', () => {
  it('shows skeleton rows while loading, then the columns, badges, amounts and next dates', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const all = [
      makeSubscription({ name: 'Hosting', frequency: 'weekly', total: '1234.5', totalInvoicesGenerated: 3, nextInvoiceDate: '2025-02-15' }),
      makeSubscription({
        name: 'Support',
        frequency: 'annually',
        currency: 'EUR',
        total: '99.00',
        isActive: false,
        totalInvoicesGenerated: 1,
        nextInvoiceDate: '2025-01-15',
        customer: null,
      }),
      makeSubscription({ name: 'Old plan', frequency: 'quarterly', isActive: false, nextInvoiceDate: null, endDate: '2024-12-31' }),
    ];
    stubFetch(routes([], [{ path: '/api/recurring-invoices', reply: async (url) => (await gate, listApi(all)(url)) }]));
    renderList();

    expect(screen.getByRole('heading', { level: 1, name: 'Recurring Invoices' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Subscription' })).toHaveAttribute('href', '/subscriptions/create');
    expect(screen.getAllByTestId('subscription-row-skeleton')).toHaveLength(5);
    release();
    const rows = await screen.findAllByTestId('subscription-row');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Subscription',
      'Customer',
      'Frequency',
      'Amount',
      'Next Invoice',
      'Status',
      'Actions',
    ]);
    const first = within(rows[0]!);
    expect(first.getByText('3 invoices generated')).toBeInTheDocument();
    expect(first.getByText('Acme Ltd')).toBeInTheDocument();
    expect(first.getByText('Weekly')).toHaveAttribute('data-frequency', 'weekly');
    expect(first.getByText('Weekly').className).toMatch(/bg-blue-100/);
    expect(within(rows[2]!).queryByText('Monthly')).not.toBeInTheDocument();
    expect(first.getByText('$1,234.50')).toBeInTheDocument();
    expect(first.getByText('Feb 15, 2025')).toBeInTheDocument();
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Pause subscription' })).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Edit subscription' })).toHaveAttribute('href', `/subscriptions/${all[0]!.id}/edit`);

    const second = within(rows[1]!);
    expect(second.getByText('1 invoice generated')).toBeInTheDocument();
    expect(second.getByText('Unknown customer')).toBeInTheDocument();
    expect(second.getByText('Annually').className).toMatch(/bg-purple-100/);
    expect(second.getByText('€99.00')).toBeInTheDocument();
    // Paused: no next date to show (resuming continues with the next future date)
    expect(second.getByText('—')).toBeInTheDocument();
    expect(second.getByText('Paused')).toBeInTheDocument();
    expect(second.getByRole('button', { name: 'Resume subscription' })).toBeInTheDocument();

    const third = within(rows[2]!);
    expect(third.getByText('Quarterly').className).toMatch(/bg-yellow-100/);
    expect(third.getByText('Ended')).toBeInTheDocument();
    expect(third.getByText('—')).toBeInTheDocument();
  });

  it('shows the four cards from the summary, money per currency', async () => {
    stubFetch(
      routes(
        [makeSubscription()],
        [],
        makeSummary({
          total: 5,
          active: 3,
          inactive: 2,
          monthlyRevenue: [
            { currency: 'EUR', amount: '86.67' },
            { currency: 'USD', amount: '1200.00' },
          ],
          averageValue: [
            { currency: 'EUR', amount: '86.67' },
            { currency: 'USD', amount: '600.00' },
          ],
        }),
      ),
    );
    renderList();
    const total = await screen.findByTestId('summary-total-subscriptions');
    await waitFor(() => expect(total).toHaveTextContent('5'));
    expect(total).toHaveTextContent('3 active');
    const active = screen.getByTestId('summary-active-subscriptions');
    expect(active).toHaveTextContent('3');
    expect(active).toHaveTextContent('2 inactive');
    const monthly = within(screen.getByTestId('summary-monthly-revenue'));
    expect(monthly.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['€86.67', '$1,200.00']);
    expect(monthly.getByText('normalised to a month')).toBeInTheDocument();
    expect(within(screen.getByTestId('summary-average-value')).getByText('$600.00')).toBeInTheDocument();
  });

  it('shows both empty states', async () => {
    const user = userEvent.setup();
    stubFetch(routes([]));
    renderList();
    expect(await screen.findByText('No subscriptions yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create Subscription' })).toHaveLength(2);
    expect(within(screen.getByTestId('summary-monthly-revenue')).getByText('$0.00')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await user.click(screen.getByRole('option', { name: 'Paused or Ended' }));
    expect(await screen.findByText('No subscriptions found matching your filters.')).toBeInTheDocument();
  });

  it('sends the search, status and frequency to the server', async () => {
    const user = userEvent.setup();
    const all = [
      makeSubscription({ name: 'Hosting', frequency: 'monthly' }),
      makeSubscription({ name: 'Licence', frequency: 'weekly', customer: { id: 2, name: 'Globex' } }),
      makeSubscription({ name: 'Retainer', frequency: 'weekly', isActive: false }),
    ];
    const calls = stubFetch(routes(all));
    renderList();
    expect(await screen.findAllByTestId('subscription-row')).toHaveLength(3);
    expect(calls.filter((c) => c.url.startsWith('/api/recurring-invoices?')).at(-1)!.url).not.toMatch(/status|frequency|search/);

    await user.click(screen.getByRole('combobox', { name: 'Filter by frequency' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Frequencies',
      'Weekly',
      'Monthly',
      'Quarterly',
      'Annually',
    ]);
    await user.click(screen.getByRole('option', { name: 'Weekly' }));
    await waitFor(() => expect(screen.getAllByTestId('subscription-row')).toHaveLength(2));
    expect(calls.at(-1)!.url).toContain('frequency=weekly');

    await user.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All Statuses', 'Active', 'Paused or Ended']);
    await user.click(screen.getByRole('option', { name: 'Active' }));
    await waitFor(() => expect(screen.getAllByTestId('subscription-row')).toHaveLength(1));
    expect(calls.at(-1)!.url).toMatch(/status=active.*frequency=weekly|frequency=weekly.*status=active/);

    await user.click(screen.getByRole('combobox', { name: 'Filter by frequency' }));
    await user.click(screen.getByRole('option', { name: 'All Frequencies' }));
    await waitFor(() => expect(screen.getAllByTestId('subscription-row')).toHaveLength(2));

    await user.type(screen.getByRole('searchbox', { name: 'Search subscriptions' }), 'glob');
    await waitFor(() => expect(screen.getAllByTestId('subscription-row')).toHaveLength(1));
    expect(calls.at(-1)!.url).toMatch(/search=glob/);
    expect(calls.at(-1)!.url).not.toMatch(/frequency=/);
    expect(screen.getByText('Licence')).toBeInTheDocument();
    expect(screen.getByTestId('subscriptions-total')).toHaveTextContent('1 subscription');
  });

  it('shows a failed load with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch([
      { path: '/api/recurring-invoices/summary', body: makeSummary() },
      {
        path: '/api/recurring-invoices',
        reply: (url) => (fail ? { status: 500, body: { message: 'down' } } : listApi([makeSubscription({ name: 'Hosting' })])(url)),
      },
    ]);
    renderList();
    expect(await screen.findByText('Failed to load subscriptions')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hosting')).toBeInTheDocument();
  });
});
