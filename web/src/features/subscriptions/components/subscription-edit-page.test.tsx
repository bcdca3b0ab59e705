import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, stubFetch, type Route } from '@/testing/render';
import { makeCustomer, makeSubscription, UNTAXED } from '@/testing/factories';
import { SubscriptionEditPage } from './subscription-edit-page';

const acme = makeCustomer({ id: 7, name: 'Acme Ltd', email: 'billing@acme.test' });
const schedule = makeSubscription({
  id: 12,
  name: 'Support retainer',
  customerId: 99,
  customer: { id: 99, name: 'Old Customer Co' },
  frequency: 'quarterly',
  startDate: '2024-11-30',
  endDate: '2026-12-31',
  nextInvoiceDate: '2025-05-30',
  currency: 'EUR',
  autoSend: true,
  notes: 'Net 15',
  total: '150.00',
  totalInvoicesGenerated: 2,
  items: [
    { id: 1, productId: null, description: 'Retainer', quantity: '1.00', unitPrice: '100.00', amount: '100.00', ...UNTAXED },
    { id: 2, productId: null, description: 'Hours', quantity: '2.50', unitPrice: '20.00', amount: '50.00', ...UNTAXED },
  ],
});

const apiRoutes = (extra: Route[] = []): Route[] => [
  ...extra,
  { path: '/api/recurring-invoices/12', body: schedule },
  { path: '/api/customers', body: [acme], headers: { 'x-total-count': '1' } },
];

const renderEdit = (id = 12) =>
  renderRoutes(
    [
      { path: '/subscriptions/:id/edit', element: <SubscriptionEditPage /> },
      { path: '/subscriptions', element: <p>subscription list</p> },
    ],
    { path: `/subscriptions/${id}/edit` },
  );

const toastArea = () => screen.getByRole('region', { name: /Notifications/ });

describe('edit subscription', () => {
  it('is the create form prefilled from the stored schedule', async () => {
    stubFetch(apiRoutes());
    renderEdit();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Subscription' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Subscription Name')).toHaveValue('Support retainer');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveTextContent('Old Customer Co'));
    expect(screen.getByRole('combobox', { name: 'Frequency' })).toHaveTextContent('Quarterly');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveTextContent('EUR');
    expect(screen.getByRole('button', { name: 'Start Date' })).toHaveTextContent('November 30, 2024');
    expect(screen.getByRole('button', { name: 'End Date (optional)' })).toHaveTextContent('December 31, 2026');
    expect(screen.getByRole('switch', { name: 'Send invoices automatically' })).toBeChecked();
    expect(screen.getByLabelText('Notes')).toHaveValue('Net 15');
    expect(screen.getAllByTestId('subscription-item-row')).toHaveLength(2);
    expect(screen.getByLabelText('Quantity (item 2)')).toHaveValue('2.5');
    expect(screen.getByLabelText('Amount (item 2)')).toHaveValue('€50.00');
    expect(screen.getByTestId('subscription-total')).toHaveTextContent('€150.00');
    // Invoices were generated: the periods are numbered from the start date and frequency, which stay as they are;
    // the preview shows the server's next date, and no catch-up.
    expect(screen.getByRole('button', { name: 'Start Date' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Frequency' })).toBeDisabled();
    expect(screen.getAllByText('Fixed once invoices were generated.')).toHaveLength(2);
    expect(screen.getByText('Invoices generated').nextSibling).toHaveTextContent('2');
    expect(screen.queryByText('First invoice')).not.toBeInTheDocument();
    expect(screen.getByTestId('next-invoice-date')).toHaveTextContent('May 30, 2025');
    expect(screen.queryByTestId('catch-up-notice')).not.toBeInTheDocument();
  });

  it('keeps a schedule that has generated nothing yet open to a new start date and frequency, with the create preview', async () => {
    const user = userEvent.setup();
    const fresh = { ...schedule, id: 13, totalInvoicesGenerated: 0, startDate: '2099-01-31', endDate: null, nextInvoiceDate: '2099-01-31' };
    stubFetch([{ path: '/api/recurring-invoices/13', body: fresh }, ...apiRoutes()]);
    renderEdit(13);
    const frequency = await screen.findByRole('combobox', { name: 'Frequency' });
    expect(frequency).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Start Date' })).toBeEnabled();
    expect(screen.queryByText('Fixed once invoices were generated.')).not.toBeInTheDocument();
    expect(screen.getByText('First invoice').nextSibling).toHaveTextContent('January 31, 2099');
    expect(screen.getByTestId('next-invoice-date')).toHaveTextContent('April 30, 2099');
    await user.click(frequency);
    await user.click(screen.getByRole('option', { name: 'Monthly' }));
    expect(screen.getByTestId('next-invoice-date')).toHaveTextContent('February 28, 2099');
    expect(screen.queryByTestId('catch-up-notice')).not.toBeInTheDocument();
  });

  it("shows the server's refusal under the field it names", async () => {
    const user = userEvent.setup();
    const message = 'The start date cannot change once invoices were generated; create a new subscription instead';
    stubFetch(
      apiRoutes([
        {
          method: 'PUT',
          path: '/api/recurring-invoices/12',
          status: 400,
          body: { statusCode: 400, error: 'Bad Request', message, issues: [{ path: 'startDate', message }] },
        },
      ]),
    );
    renderEdit();
    await screen.findByLabelText('Subscription Name');
    await user.click(screen.getByRole('button', { name: 'Update Subscription' }));
    expect(await within(toastArea()).findByText('Failed to update subscription')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('puts the whole schedule, toasts and goes to the list', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(apiRoutes([{ method: 'PUT', path: '/api/recurring-invoices/12', body: { ...schedule, name: 'Retainer' } }]));
    const { router } = renderEdit();
    const name = await screen.findByLabelText('Subscription Name');
    await user.clear(name);
    await user.type(name, 'Retainer');
    await user.click(screen.getByRole('button', { name: 'Remove item 2' }));
    await user.click(screen.getByRole('button', { name: 'Update Subscription' }));

    expect(await within(toastArea()).findByText('Subscription updated')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions'));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init!.body))).toEqual({
      name: 'Retainer',
      customerId: 99,
      frequency: 'quarterly',
      startDate: '2024-11-30',
      endDate: '2026-12-31',
      currency: 'EUR',
      autoSend: true,
      notes: 'Net 15',
      items: [{ description: 'Retainer', quantity: '1', unitPrice: '100.00', amount: '100.00' }],
      total: '100.00',
      nextInvoiceDate: '2024-11-30',
    });
  });

  it('toasts a failed update and stays', async () => {
    const user = userEvent.setup();
    stubFetch(apiRoutes([{ method: 'PUT', path: '/api/recurring-invoices/12', status: 500, body: { message: 'x' } }]));
    const { router } = renderEdit();
    await screen.findByLabelText('Subscription Name');
    await user.click(screen.getByRole('button', { name: 'Update Subscription' }));
    expect(await within(toastArea()).findByText('Failed to update subscription')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscriptions/12/edit');
  });

  it('says when the subscription does not exist', async () => {
    stubFetch([
      { path: '/api/recurring-invoices/404', status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No such schedule' } },
    ]);
    renderEdit(404);
    expect(await screen.findByText('Subscription not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Subscriptions' })).toHaveAttribute('href', '/subscriptions');
  });
});
