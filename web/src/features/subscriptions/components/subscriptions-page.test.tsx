import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecurringInvoice } from '@billpoint/proto';
import { renderRoutes, stubFetch, type Route } from '@/testing/render';
import { makeSubscription, makeSummary } from '@/testing/factories';
import { RESUME_HINT } from './subscription-actions';
import { SubscriptionsPage } from './subscriptions-page';

/** A stand-in for GET /api/recurring-invoices: search over name and customer name, status, frequency, x-total-count. */
function listApi(all: RecurringInvoice[]) {
  return (url: URL) => {
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const status = url.searchParams.get('status');
    const frequency = url.searchParams.get('frequency');
    const matches = all.filter(
      (s) =>
        (!status || s.isActive === (status === 'active')) &&
        (!frequency || s.frequency === frequency) &&
        [s.name, s.customer?.name ?? ''].some((v) => v.toLowerCase().includes(search)),
    );
    return { body: matches, headers: { 'x-total-count': String(matches.length) } };
  };
}

function routes(all: RecurringInvoice[], extra: Route[] = [], summary = makeSummary()): Route[] {
  return [...extra, { path: '/api/recurring-invoices/summary', body: summary }, { path: '/api/recurring-invoices', reply: listApi(all) }];
}

const renderList = () =>
  renderRoutes(
    [
      { path: '/subscriptions', element: <SubscriptionsPage /> },
      { path: '/invoices', element: <p>invoice list</p> },
    ],
    { path: '/subscriptions' },
  );

const toastArea = () => screen.getByRole('region', { name: /Notifications/ });
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

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
        nextInvoiceDate: null,
        customer: null,
      }),
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
    expect(second.getByText('—')).toBeInTheDocument();
    expect(second.getByText('Paused')).toBeInTheDocument();
    expect(second.getByRole('button', { name: 'Resume subscription' })).toBeInTheDocument();
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
    await user.click(screen.getByRole('option', { name: 'Inactive' }));
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
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All Statuses', 'Active', 'Inactive']);
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

  it('pauses and resumes with the flipped isActive, and toasts', async () => {
    const user = userEvent.setup();
    const hosting = makeSubscription({ name: 'Hosting' });
    const calls = stubFetch(
      routes(
        [hosting],
        [
          {
            method: 'PATCH',
            path: `/api/recurring-invoices/${hosting.id}`,
            reply: () => {
              hosting.isActive = !hosting.isActive;
              return { body: hosting };
            },
          },
        ],
      ),
    );
    renderList();
    const row = within(await rowOf('Hosting'));
    await user.click(row.getByRole('button', { name: 'Pause subscription' }));
    expect(await within(toastArea()).findByText('Subscription status updated')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'PATCH')!.init!.body))).toEqual({ isActive: false });
    expect(await row.findByText('Paused')).toBeInTheDocument();

    const resume = row.getByRole('button', { name: 'Resume subscription' });
    act(() => {
      resume.blur();
      resume.focus();
    });
    expect(await screen.findByRole('tooltip')).toHaveTextContent(RESUME_HINT);
    await user.click(resume);
    await waitFor(() => expect(JSON.parse(String(calls.filter((c) => c.method === 'PATCH')[1]!.init!.body))).toEqual({ isActive: true }));
    expect(await row.findByText('Active')).toBeInTheDocument();
  });

  it('toasts a failed pause', async () => {
    const user = userEvent.setup();
    const hosting = makeSubscription({ name: 'Hosting' });
    stubFetch(routes([hosting], [{ method: 'PATCH', path: `/api/recurring-invoices/${hosting.id}`, status: 500, body: { message: 'x' } }]));
    renderList();
    await user.click(within(await rowOf('Hosting')).getByRole('button', { name: 'Pause subscription' }));
    expect(await within(toastArea()).findByText('Failed to update subscription')).toBeInTheDocument();
  });

  it('deletes after the confirmation, from the keyboard-usable menu', async () => {
    const user = userEvent.setup();
    const all = [makeSubscription({ name: 'Hosting' }), makeSubscription({ name: 'Support' })];
    const calls = stubFetch(
      routes(all, [
        {
          method: 'DELETE',
          path: /^\/api\/recurring-invoices\/\d+$/,
          reply: (url) => {
            all.splice(
              all.findIndex((s) => url.pathname.endsWith(`/${s.id}`)),
              1,
            );
            return { status: 204 };
          },
        },
      ]),
    );
    renderList();
    const trigger = within(await rowOf('Hosting')).getByRole('button', { name: 'More actions' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Generate due invoices', 'Delete']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    // Cancel first: nothing is deleted
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure you want to delete this subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(await rowOf('Hosting')).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(toastArea()).findByText('Subscription deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Hosting')).not.toBeInTheDocument());
    expect(screen.getByText('Support')).toBeInTheDocument();
  });

  it('toasts a failed delete', async () => {
    const user = userEvent.setup();
    const hosting = makeSubscription({ name: 'Hosting' });
    stubFetch(
      routes([hosting], [{ method: 'DELETE', path: `/api/recurring-invoices/${hosting.id}`, status: 500, body: { message: 'x' } }]),
    );
    renderList();
    await user.click(within(await rowOf('Hosting')).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(toastArea()).findByText('Failed to delete subscription')).toBeInTheDocument();
  });

  it('generates the due invoices, counts them on the row, and links to the invoices', async () => {
    const user = userEvent.setup();
    const hosting = makeSubscription({ name: 'Hosting', totalInvoicesGenerated: 0 });
    const run = (): Route => ({
      method: 'POST',
      path: `/api/recurring-invoices/${hosting.id}/run`,
      reply: () => {
        const invoices = [{ id: 9, invoiceNumber: 'INV-0009', issueDate: '2025-01-15' }];
        hosting.totalInvoicesGenerated += invoices.length;
        return { body: { generated: invoices.length, invoices, schedule: hosting } };
      },
    });
    stubFetch(routes([hosting], [run()]));
    const { router } = renderList();
    const row = within(await rowOf('Hosting'));
    await user.click(row.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Generate due invoices' }));
    const area = within(toastArea());
    expect(await area.findByText('1 invoice generated')).toBeInTheDocument();
    expect(area.getByText('INV-0009')).toBeInTheDocument();
    expect(await row.findByText('1 invoice generated')).toBeInTheDocument();

    await user.click(area.getByRole('button', { name: 'View invoices' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
  });

  it('says when no invoice is due, and when generating failed', async () => {
    const user = userEvent.setup();
    const hosting = makeSubscription({ name: 'Hosting' });
    const failing = makeSubscription({ name: 'Support' });
    stubFetch(
      routes(
        [hosting, failing],
        [
          { method: 'POST', path: `/api/recurring-invoices/${hosting.id}/run`, body: { generated: 0, invoices: [], schedule: hosting } },
          { method: 'POST', path: `/api/recurring-invoices/${failing.id}/run`, status: 500, body: { message: 'x' } },
        ],
      ),
    );
    renderList();
    await user.click(within(await rowOf('Hosting')).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Generate due invoices' }));
    expect(await within(toastArea()).findByText('No invoice is due yet')).toBeInTheDocument();

    await user.click(within(await rowOf('Support')).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Generate due invoices' }));
    expect(await within(toastArea()).findByText('Failed to generate invoices')).toBeInTheDocument();
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
