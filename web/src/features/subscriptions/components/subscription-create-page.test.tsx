import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { periodDate, type RecurringBody } from '@billpoint/proto';
import { renderRoutes, stubFetch, type Route } from '@/testing/render';
import { makeCustomer, makeSubscription } from '@/testing/factories';
import { formatLongDate, toIsoDate } from '@/lib/format';
import { SubscriptionCreatePage } from './subscription-create-page';

const acme = makeCustomer({ id: 7, name: 'Acme Ltd', email: 'billing@acme.test' });

const apiRoutes = (extra: Route[] = []): Route[] => [...extra, { path: '/api/customers', body: [acme], headers: { 'x-total-count': '1' } }];

function renderCreate() {
  return renderRoutes(
    [
      { path: '/subscriptions/create', element: <SubscriptionCreatePage /> },
      { path: '/subscriptions', element: <p>subscription list</p> },
    ],
    { path: '/subscriptions/create' },
  );
}

type User = ReturnType<typeof userEvent.setup>;

async function fillRow(
  user: User,
  n: number,
  { description, quantity, unitPrice }: { description?: string; quantity?: string; unitPrice?: string },
) {
  for (const [label, value] of [
    ['Description', description],
    ['Quantity', quantity],
    ['Unit Price', unitPrice],
  ] as const) {
    if (value === undefined) continue;
    const input = screen.getByLabelText(`${label} (item ${n})`);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

async function fillValid(user: User) {
  await user.type(screen.getByLabelText('Subscription Name'), 'Website hosting');
  await user.click(await screen.findByRole('combobox', { name: 'Customer' }));
  await user.click(await screen.findByRole('option', { name: 'Acme Ltd - billing@acme.test' }));
  await fillRow(user, 1, { description: 'Hosting', quantity: '2', unitPrice: '49.95' });
}

const toastArea = () => screen.getByRole('region', { name: /Notifications/ });
const nextDate = () => screen.getByTestId('next-invoice-date');
const catchUp = () => screen.queryByTestId('catch-up-notice');

/** Today is `date` (local), for the clock-dependent defaults and the preview; the clock keeps running. */
function today(date: Date) {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(date);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('create subscription', () => {
  it('starts with one empty item of quantity 1, today, monthly, USD and auto-send off', async () => {
    stubFetch(apiRoutes());
    renderCreate();
    const now = toIsoDate(new Date());
    expect(screen.getByRole('heading', { level: 1, name: 'Create Subscription' })).toBeInTheDocument();
    for (const title of ['Basic Information', 'Items', 'Notes', 'Preview'])
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getAllByTestId('subscription-item-row')).toHaveLength(1);
    expect(screen.getByLabelText('Description (item 1)')).toHaveValue('');
    expect(screen.getByLabelText('Quantity (item 1)')).toHaveValue('1');
    expect(screen.getByLabelText('Amount (item 1)')).toHaveValue('$0.00');
    expect(screen.getByLabelText('Amount (item 1)')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Remove item 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Start Date' })).toHaveTextContent(formatLongDate(now));
    expect(screen.getByRole('button', { name: 'End Date (optional)' })).toHaveTextContent('No end date');
    expect(screen.getByRole('combobox', { name: 'Frequency' })).toHaveTextContent('Monthly');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveTextContent('USD');
    expect(screen.getByRole('switch', { name: 'Send invoices automatically' })).not.toBeChecked();
    expect(nextDate()).toHaveTextContent(formatLongDate(periodDate(now, 'monthly', 1)));
    expect(catchUp()).toHaveTextContent(`1 invoice will be generated right away for the periods since ${formatLongDate(now)}.`);
  });

  it("shows RecurringBody's messages under the fields", async () => {
    const user = userEvent.setup();
    const calls = stubFetch(apiRoutes());
    renderCreate();
    await user.click(screen.getByRole('button', { name: 'Create Subscription' }));
    expect(await screen.findByText('Subscription name is required')).toBeInTheDocument();
    expect(screen.getByText('Customer is required')).toBeInTheDocument();
    expect(screen.getByText('At least one item is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Subscription Name')).toHaveAttribute('aria-invalid', 'true');

    // Typing a description makes the row count: both item messages go away at once.
    await fillRow(user, 1, { description: 'Hosting', quantity: '0.5', unitPrice: '' });
    await waitFor(() => expect(screen.queryByText('At least one item is required')).not.toBeInTheDocument());
    expect(screen.queryByText('Description is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Subscription' }));
    expect(await screen.findByText('Quantity must be at least 1')).toBeInTheDocument();
    expect(screen.getByText('Unit price must be positive')).toBeInTheDocument();
    expect(screen.queryByText('At least one item is required')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('recomputes the amount when quantity or unit price changes; the last row cannot be removed', async () => {
    const user = userEvent.setup();
    stubFetch(apiRoutes());
    renderCreate();
    await fillRow(user, 1, { description: 'Consulting', quantity: '3', unitPrice: '33.33' });
    expect(screen.getByLabelText('Amount (item 1)')).toHaveValue('$99.99');
    await fillRow(user, 1, { quantity: '2' });
    expect(screen.getByLabelText('Amount (item 1)')).toHaveValue('$66.66');

    await user.click(screen.getByRole('button', { name: 'Add item' }));
    expect(screen.getAllByTestId('subscription-item-row')).toHaveLength(2);
    expect(screen.getByLabelText('Quantity (item 2)')).toHaveValue('1');
    await fillRow(user, 2, { description: 'Hosting', unitPrice: '0.10' });
    expect(screen.getByLabelText('Amount (item 2)')).toHaveValue('$0.10');
    expect(screen.getByTestId('subscription-total')).toHaveTextContent('$66.76');
    expect(screen.getByTestId('items-total')).toHaveTextContent('Total per invoice: $66.76');

    await user.click(screen.getByRole('combobox', { name: 'Currency' }));
    await user.click(screen.getByRole('option', { name: 'EUR' }));
    expect(screen.getByTestId('subscription-total')).toHaveTextContent('€66.76');

    expect(screen.getByRole('button', { name: 'Remove item 1' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    expect(screen.getAllByTestId('subscription-item-row')).toHaveLength(1);
    expect(screen.getByLabelText('Description (item 1)')).toHaveValue('Hosting');
    expect(screen.getByRole('button', { name: 'Remove item 1' })).toBeDisabled();
  });

  it('previews the next date one month after Jan 31 as Feb 28', async () => {
    today(new Date(2025, 0, 31, 10));
    stubFetch(apiRoutes());
    renderCreate();
    expect(screen.getByRole('button', { name: 'Start Date' })).toHaveTextContent('January 31, 2025');
    expect(nextDate()).toHaveTextContent('February 28, 2025');
    expect(catchUp()).toHaveTextContent('1 invoice will be generated right away for the periods since January 31, 2025.');
  });

  it('counts the invoices a start date in the past generates right away, and none for a future one', async () => {
    today(new Date(2025, 2, 15, 10));
    const user = userEvent.setup();
    stubFetch(apiRoutes());
    renderCreate();
    await user.click(screen.getByRole('button', { name: 'Start Date' }));
    await user.click(screen.getByRole('button', { name: /previous month/i }));
    await user.click(screen.getByRole('button', { name: /previous month/i }));
    await user.click(screen.getByRole('button', { name: /January 31st, 2025/ }));
    expect(screen.getByRole('button', { name: 'Start Date' })).toHaveTextContent('January 31, 2025');
    expect(nextDate()).toHaveTextContent('February 28, 2025');
    expect(catchUp()).toHaveTextContent('2 invoices will be generated right away for the periods since January 31, 2025.');

    await user.click(screen.getByRole('combobox', { name: 'Frequency' }));
    await user.click(screen.getByRole('option', { name: 'Weekly' }));
    expect(nextDate()).toHaveTextContent('February 7, 2025');
    expect(catchUp()).toHaveTextContent('7 invoices will be generated right away for the periods since January 31, 2025.');

    await user.click(screen.getByRole('button', { name: 'Start Date' }));
    await user.click(screen.getByRole('button', { name: /next month/i }));
    await user.click(screen.getByRole('button', { name: /February 14th, 2025/ }));
    await user.click(screen.getByRole('button', { name: 'End Date (optional)' }));
    await user.click(screen.getByRole('button', { name: /March 1st, 2025/ }));
    expect(catchUp()).toHaveTextContent('3 invoices will be generated right away for the periods since February 14, 2025.');
    await user.click(screen.getByRole('button', { name: 'Clear End Date (optional)' }));
    expect(screen.getByRole('button', { name: 'End Date (optional)' })).toHaveTextContent('No end date');

    await user.click(screen.getByRole('button', { name: 'Start Date' }));
    await user.click(screen.getByRole('button', { name: /next month/i }));
    await user.click(screen.getByRole('button', { name: /March 20th, 2025/ }));
    expect(nextDate()).toHaveTextContent('March 27, 2025');
    expect(catchUp()).not.toBeInTheDocument();
  });

  it('posts the schedule without blank rows, toasts and goes to the list', async () => {
    today(new Date(2025, 2, 15, 10));
    const user = userEvent.setup();
    const calls = stubFetch(apiRoutes([{ method: 'POST', path: '/api/recurring-invoices', status: 201, body: makeSubscription() }]));
    const { router } = renderCreate();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await fillRow(user, 2, { unitPrice: '10' });
    await user.click(screen.getByRole('switch', { name: 'Send invoices automatically' }));
    await user.type(screen.getByLabelText('Notes'), 'Thank you');
    await user.click(screen.getByRole('button', { name: 'Create Subscription' }));

    expect(await within(toastArea()).findByText('Subscription created successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.init!.body))).toEqual({
      name: 'Website hosting',
      customerId: 7,
      frequency: 'monthly',
      startDate: '2025-03-15',
      endDate: null,
      currency: 'USD',
      autoSend: true,
      notes: 'Thank you',
      items: [{ description: 'Hosting', quantity: '2', unitPrice: '49.95', amount: '99.90' }],
      total: '99.90',
      nextInvoiceDate: '2025-03-15',
    } satisfies RecurringBody);
  });

  it("shows the server's field issues under their fields and toasts the failure", async () => {
    const user = userEvent.setup();
    stubFetch(
      apiRoutes([
        {
          method: 'POST',
          path: '/api/recurring-invoices',
          status: 400,
          body: {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Invalid body',
            issues: [
              { path: 'items.0.quantity', message: 'Quantity must be at most 99999' },
              { path: 'endDate', message: 'End date must be a date' },
            ],
          },
        },
      ]),
    );
    const { router } = renderCreate();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Subscription' }));
    expect(await within(toastArea()).findByText('Failed to create subscription')).toBeInTheDocument();
    expect(screen.getByText('Quantity must be at most 99999')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity (item 1)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('End date must be a date')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscriptions/create');
  });

  it('cancel goes back to the list when the form was opened directly', async () => {
    const user = userEvent.setup();
    stubFetch(apiRoutes());
    const { router } = renderCreate();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions'));
  });
});
