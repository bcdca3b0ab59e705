import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoiceUpdateBody } from '@billpoint/proto';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeCustomer, makeInvoice } from '@/testing/factories';
import { InvoiceEditPage } from './invoice-edit-page';

const renderEdit = () =>
  renderRoutes(
    [
      { path: '/invoices/:id/edit', element: <InvoiceEditPage /> },
      { path: '/invoices', element: <p>invoice list</p> },
    ],
    { path: '/invoices/4/edit' },
  );

const customers = [
  makeCustomer({ id: 1, name: 'Acme Ltd', email: 'billing@acme.test' }),
  makeCustomer({ id: 2, name: 'Globex', email: 'ap@globex.test' }),
];

describe('invoice edit', () => {
  it('shows a sent invoice as Pending, saves Pending → Paid as paid with recomputed amounts, toasts and goes to /invoices', async () => {
    const user = userEvent.setup();
    const calls = stubFetch([
      { path: '/api/invoices/4', body: makeInvoice({ id: 4, status: 'sent' }) },
      { path: '/api/customers', body: customers },
      { path: '/api/tax-rates', body: { taxRates: [] } },
      { path: '/api/invoice-templates', body: [] },
      { method: 'PUT', path: '/api/invoices/4', body: makeInvoice({ id: 4, status: 'paid' }) },
    ]);
    const { router } = renderEdit();

    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect(status).toHaveTextContent('Pending');
    const badge = () => document.querySelector('[data-slot="badge"]');
    expect(badge()).toHaveTextContent('Pending');
    expect(badge()).toHaveAttribute('data-variant', 'secondary');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveTextContent('Acme Ltd - billing@acme.test'));
    // One row: its remove button is there but disabled.
    expect(screen.getByRole('button', { name: 'Remove item 1' })).toBeDisabled();

    await user.click(status);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Draft', 'Pending', 'Paid', 'Overdue']);
    await user.click(screen.getByRole('option', { name: 'Paid' }));
    expect(badge()).toHaveTextContent('Paid');
    expect(badge()).toHaveAttribute('data-variant', 'default');

    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(screen.getByRole('button', { name: 'Remove item 1' })).toBeEnabled();
    await user.type(screen.getByLabelText('Description (item 2)'), 'Extra');
    await user.clear(screen.getByLabelText('Rate (item 2)'));
    await user.type(screen.getByLabelText('Rate (item 2)'), '0.01');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('Total: $100.00');

    await user.click(screen.getByRole('button', { name: 'Update Invoice' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    const put = calls.find((c) => c.method === 'PUT')!;
    const body = JSON.parse(String(put.init?.body)) as InvoiceUpdateBody;
    expect(body).toMatchObject({
      customerId: 1,
      status: 'paid',
      total: '100.00',
      items: [
        { id: 401, description: 'Consulting', quantity: '3.00', rate: '33.33', amount: '99.99' },
        { description: 'Extra', quantity: '1.00', rate: '0.01', amount: '0.01' },
      ],
    });
    expect(await screen.findByText('Invoice updated successfully.')).toBeInTheDocument();
  });

  it('shows the item messages and "Failed to update invoice. Please try again." on a server error', async () => {
    const user = userEvent.setup();
    stubFetch([
      { path: '/api/invoices/4', body: makeInvoice({ id: 4, status: 'draft' }) },
      { path: '/api/customers', body: customers },
      { path: '/api/tax-rates', body: { taxRates: [] } },
      { path: '/api/invoice-templates', body: [] },
      { method: 'PUT', path: '/api/invoices/4', status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } },
    ]);
    const { router } = renderEdit();
    await user.clear(await screen.findByLabelText('Description (item 1)'));
    await user.click(screen.getByRole('button', { name: 'Update Invoice' }));
    expect(await screen.findByText('Description is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Description (item 1)'), 'Consulting');
    await user.click(screen.getByRole('button', { name: 'Update Invoice' }));
    const region = screen.getByRole('region', { name: /Notifications/ });
    expect(await within(region).findByText('Failed to update invoice. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invoices/4/edit');
  });

  it('shows Invoice Not Found for an invoice the tenant does not have', async () => {
    stubFetch([
      { path: '/api/invoices/4', status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Invoice not found' } },
      { path: '/api/customers', body: customers },
      { path: '/api/tax-rates', body: { taxRates: [] } },
      { path: '/api/invoice-templates', body: [] },
    ]);
    renderEdit();
    expect(await screen.findByRole('heading', { name: 'Invoice Not Found' })).toBeInTheDocument();
  });
});
