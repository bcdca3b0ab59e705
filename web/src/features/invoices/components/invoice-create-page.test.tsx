import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, startOfToday } from 'date-fns';
import type { InvoiceCreateBody } from '@billpoint/proto';
import { renderRoutes, stubFetch, type Route } from '@/testing/render';
import { makeCustomer, makeInvoice } from '@/testing/factories';
import { formatLongDate, toIsoDate } from '@/lib/format';
import { dashboardKeys, invoiceKeys } from '@/lib/invoices';
import { InvoiceCreatePage } from './invoice-create-page';

const acme = makeCustomer({ id: 7, name: 'Acme Ltd', email: 'billing@acme.test' });
const globex = makeCustomer({ id: 8, name: 'Globex', email: 'ap@globex.test' });

function apiRoutes(extra: Route[] = []): Route[] {
  return [
    ...extra,
    { path: '/api/invoices/next-number', body: { invoiceNumber: 'INV-0042' } },
    { path: '/api/customers', body: [globex, acme], headers: { 'x-total-count': '2' } },
    { path: '/api/tax-rates', body: { taxRates: [] } },
    { path: '/api/invoice-templates', body: [] },
  ];
}

function renderCreate() {
  return renderRoutes(
    [
      { path: '/invoices/create', element: <InvoiceCreatePage /> },
      { path: '/invoices', element: <p>invoice list</p> },
    ],
    { path: '/invoices/create' },
  );
}

type User = ReturnType<typeof userEvent.setup>;

async function chooseCustomer(user: User, option: string) {
  await user.click(await screen.findByRole('combobox', { name: 'Customer' }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillRow(
  user: User,
  index: number,
  { description, quantity, rate }: { description?: string; quantity?: string; rate?: string },
) {
  const n = index + 1;
  if (description !== undefined) {
    await user.clear(screen.getByLabelText(`Description (item ${n})`));
    if (description) await user.type(screen.getByLabelText(`Description (item ${n})`), description);
  }
  if (quantity !== undefined) {
    await user.clear(screen.getByLabelText(`Qty (item ${n})`));
    if (quantity) await user.type(screen.getByLabelText(`Qty (item ${n})`), quantity);
  }
  if (rate !== undefined) {
    await user.clear(screen.getByLabelText(`Rate (item ${n})`));
    if (rate) await user.type(screen.getByLabelText(`Rate (item ${n})`), rate);
  }
}

const total = () => screen.getByTestId('invoice-total');

/** The toast area (Radix viewport "Notifications (F8)") once it holds a toast. */
async function findToast() {
  const region = screen.getByRole('region', { name: /Notifications/ });
  await waitFor(() => expect(region.querySelector('li')).not.toBeNull());
  return region;
}

describe('create invoice', () => {
  it('shows the read-only number, today, the due date 30 days ahead and one default row', async () => {
    stubFetch(apiRoutes());
    renderCreate();
    expect(await screen.findByDisplayValue('INV-0042')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Issue Date')).toHaveValue(formatLongDate(startOfToday()));
    expect(screen.getByLabelText('Issue Date')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Due Date' })).toHaveTextContent(formatLongDate(addDays(startOfToday(), 30)));
    expect(screen.getAllByTestId('invoice-item-row')).toHaveLength(1);
    expect(screen.getByLabelText('Qty (item 1)')).toHaveValue('1');
    expect(screen.getByLabelText('Rate (item 1)')).toHaveValue('0');
    expect(screen.getByLabelText('Amount (item 1)')).toHaveValue('$0.00');
    expect(total()).toHaveTextContent('Total: $0.00');
  });

  it("takes the picked customer's payment terms for the due date (14 days, then 30 for another)", async () => {
    const quick = makeCustomer({ id: 9, name: 'Quick Pay GmbH', email: 'ap@quick.test', paymentTerms: 14 });
    stubFetch([{ path: '/api/customers', body: [globex, acme, quick], headers: { 'x-total-count': '3' } }, ...apiRoutes()]);
    const user = userEvent.setup();
    renderCreate();
    const due = await screen.findByRole('button', { name: 'Due Date' });
    await chooseCustomer(user, 'Quick Pay GmbH - ap@quick.test');
    expect(due).toHaveTextContent(formatLongDate(addDays(startOfToday(), 14)));
    await chooseCustomer(user, 'Acme Ltd - billing@acme.test');
    expect(due).toHaveTextContent(formatLongDate(addDays(startOfToday(), acme.paymentTerms)));
  });

  it('falls back to INV- and a timestamp when the next number cannot be loaded', async () => {
    stubFetch([
      { path: '/api/invoices/next-number', status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } },
      { path: '/api/customers', body: [] },
      { path: '/api/tax-rates', body: { taxRates: [] } },
    ]);
    renderCreate();
    const number = screen.getByLabelText('Invoice Number');
    await waitFor(() => expect((number as HTMLInputElement).value).toMatch(/^INV-\d{13}$/));
  });

  it('shows the spec messages and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(apiRoutes());
    renderCreate();
    await screen.findByDisplayValue('INV-0042');
    await fillRow(user, 0, { quantity: '', rate: '' });
    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));

    expect(await screen.findByText('Customer is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Quantity is required')).toBeInTheDocument();
    expect(screen.getByText('Rate is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Description (item 1)')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('keeps the running total exact: 3 × 33.33 = 99.99, and 0.10 + 0.20 = 0.30', async () => {
    const user = userEvent.setup();
    stubFetch(apiRoutes());
    renderCreate();
    await screen.findByDisplayValue('INV-0042');

    await fillRow(user, 0, { quantity: '3', rate: '33.33' });
    expect(screen.getByLabelText('Amount (item 1)')).toHaveValue('$99.99');
    expect(total()).toHaveTextContent('Total: $99.99');

    await fillRow(user, 0, { quantity: '1', rate: '0.1' });
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await fillRow(user, 1, { quantity: '1', rate: '0.2' });
    expect(screen.getByLabelText('Amount (item 2)')).toHaveValue('$0.20');
    expect(total()).toHaveTextContent('Total: $0.30');

    // half-up to cents: 0.5 × 0.05 = 0.025 → 0.03
    await fillRow(user, 1, { quantity: '0.5', rate: '0.05' });
    expect(screen.getByLabelText('Amount (item 2)')).toHaveValue('$0.03');
    expect(total()).toHaveTextContent('Total: $0.13');
  });

  it('shows a remove button only when there is more than one row', async () => {
    const user = userEvent.setup();
    stubFetch(apiRoutes());
    renderCreate();
    await screen.findByDisplayValue('INV-0042');
    expect(screen.queryByRole('button', { name: /Remove item/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(screen.getAllByRole('button', { name: /Remove item/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove item 2' }));
    expect(screen.getAllByTestId('invoice-item-row')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Remove item/ })).not.toBeInTheDocument();
  });

  it('creates a draft with money as text, refreshes the list and the stats, toasts and goes to /invoices', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(apiRoutes([{ method: 'POST', path: '/api/invoices', status: 201, body: makeInvoice({ id: 9 }) }]));
    const { router, queryClient } = renderCreate();
    queryClient.setQueryData(invoiceKeys.list({ search: '', status: '' }), { pages: [], pageParams: [] });
    queryClient.setQueryData(dashboardKeys.stats(), { totalRevenue: 0 });
    await screen.findByDisplayValue('INV-0042');

    await chooseCustomer(user, 'Acme Ltd - billing@acme.test');
    await fillRow(user, 0, { description: 'Design', quantity: '3', rate: '33.33' });
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await fillRow(user, 1, { description: 'Hosting', quantity: '1', rate: '0.1' });
    await user.type(screen.getByLabelText('Notes'), 'Thank you');
    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    const post = calls.find((c) => c.method === 'POST')!;
    const body = JSON.parse(String(post.init?.body)) as InvoiceCreateBody;
    expect(body).toEqual({
      invoice: {
        customerId: 7,
        invoiceNumber: 'INV-0042',
        issueDate: toIsoDate(startOfToday()),
        dueDate: toIsoDate(addDays(startOfToday(), 30)),
        subtotal: '100.09',
        total: '100.09',
        notes: 'Thank you',
        terms: null,
        templateId: null, // no templates: the PDF uses the classic layout
        status: 'draft',
        currency: 'USD',
        taxRate: '0',
        taxAmount: '0',
        discountAmount: '0.00',
        shippingAmount: '0',
      },
      items: [
        { description: 'Design', quantity: '3.00', rate: '33.33', amount: '99.99' },
        { description: 'Hosting', quantity: '1.00', rate: '0.10', amount: '0.10' },
      ],
    });
    const toast = await findToast();
    expect(within(toast).getByText('Success')).toBeInTheDocument();
    expect(within(toast).getByText('Invoice created successfully')).toBeInTheDocument();
    expect(queryClient.getQueryState(invoiceKeys.list({ search: '', status: '' }))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(dashboardKeys.stats())?.isInvalidated).toBe(true);
  });

  it('shows the server field messages of a 400 and "Failed to create invoice"', async () => {
    const user = userEvent.setup();
    stubFetch(
      apiRoutes([
        {
          method: 'POST',
          path: '/api/invoices',
          status: 400,
          body: {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Invalid invoice',
            issues: [
              { path: 'invoice.customerId', message: 'Customer not found' },
              { path: 'items.0.rate', message: 'Rate is too large' },
            ],
          },
        },
      ]),
    );
    renderCreate();
    await screen.findByDisplayValue('INV-0042');
    await chooseCustomer(user, 'Globex - ap@globex.test');
    await fillRow(user, 0, { description: 'Design', rate: '5' });
    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));

    expect(await screen.findByText('Customer not found')).toBeInTheDocument();
    expect(screen.getByText('Rate is too large')).toBeInTheDocument();
    const toast = await findToast();
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Failed to create invoice')).toBeInTheDocument();
  });

  it('on 403 (a plan limit) shows the server’s message naming the limit and the plan, and stays', async () => {
    const user = userEvent.setup();
    const message = 'Your Starter plan allows 50 invoices per month. Upgrade your plan to add more.';
    stubFetch(apiRoutes([{ method: 'POST', path: '/api/invoices', status: 403, body: { statusCode: 403, error: 'Forbidden', message } }]));
    const { router } = renderCreate();
    await screen.findByDisplayValue('INV-0042');
    await chooseCustomer(user, 'Acme Ltd - billing@acme.test');
    await fillRow(user, 0, { description: 'Design' });
    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));

    const toast = await findToast();
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invoices/create');
  });

  it('on 409 shows the next number and says the old one was taken', async () => {
    const user = userEvent.setup();
    let next = 42;
    stubFetch([
      { method: 'POST', path: '/api/invoices', status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Invoice number taken' } },
      { path: '/api/invoices/next-number', reply: () => ({ body: { invoiceNumber: `INV-00${next++}` } }) },
      { path: '/api/customers', body: [acme] },
      { path: '/api/tax-rates', body: { taxRates: [] } },
    ]);
    const { router } = renderCreate();
    await screen.findByDisplayValue('INV-0042');
    await chooseCustomer(user, 'Acme Ltd - billing@acme.test');
    await fillRow(user, 0, { description: 'Design' });
    await user.click(screen.getByRole('button', { name: 'Create Invoice' }));

    expect(await screen.findByDisplayValue('INV-0043')).toBeInTheDocument();
    const toast = await findToast();
    expect(within(toast).getByText('Invoice number taken')).toBeInTheDocument();
    expect(within(toast).getByText(/INV-0042 was just used by another invoice\. This invoice will be INV-0043/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invoices/create');
  });

  it('Cancel goes to /invoices', async () => {
    const user = userEvent.setup();
    stubFetch(apiRoutes());
    const { router } = renderCreate();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/invoices');
  });
});
