import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeInvoice, makeUser } from '@/testing/factories';
import { makeQuote } from '@/testing/quote-factory';
import { InvoiceViewPage } from './invoice-view-page';

const renderView = (id = '1') =>
  renderRoutes(
    [
      { path: '/invoices/:id', element: <InvoiceViewPage /> },
      { path: '/invoices', element: <p>invoice list</p> },
    ],
    { path: `/invoices/${id}` },
  );

describe('invoice view', () => {
  it('shows the Invoice Not Found page on a 404', async () => {
    const user = userEvent.setup();
    stubFetch([{ path: '/api/invoices/9', status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Invoice not found' } }]);
    const { router } = renderView('9');
    expect(await screen.findByRole('heading', { name: 'Invoice Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The invoice you're looking for doesn't exist or you don't have permission to view it.")).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Invoices' }));
    expect(router.state.location.pathname).toBe('/invoices');
  });

  it('shows details, items, the summary (subtotal, tax, total) in the invoice currency, and the badge', async () => {
    stubFetch([
      {
        path: '/api/invoices/1',
        body: makeInvoice({
          id: 1,
          invoiceNumber: 'INV-0001',
          currency: 'EUR',
          status: 'sent',
          issueDate: '2024-01-05',
          dueDate: '2024-02-04',
          items: [
            {
              id: 1,
              productId: null,
              description: 'Design',
              quantity: '3.00',
              rate: '33.33',
              amount: '99.99',
              taxRate: '10.00',
              taxAmount: '10.00',
              taxRateId: 5,
              taxRateName: 'VAT 10%',
              taxType: 'vat',
            },
            {
              id: 2,
              productId: null,
              description: 'Hosting',
              quantity: '1.00',
              rate: '0.10',
              amount: '0.10',
              taxRate: '0.00',
              taxAmount: '0.00',
              taxRateId: null,
              taxRateName: null,
              taxType: null,
            },
          ],
        }),
      },
    ]);
    renderView();
    expect(await screen.findByTestId('invoice-number')).toHaveTextContent('INV-0001');
    expect(screen.getByText('Jan 05, 2024')).toBeInTheDocument();
    expect(screen.getByText('Feb 04, 2024')).toBeInTheDocument();
    expect(screen.getByText('EUR')).toBeInTheDocument();
    expect(screen.getByText('Acme Ltd')).toBeInTheDocument();
    expect(screen.getByText('billing@acme.test')).toBeInTheDocument();
    expect(screen.getByText('+1 555 0100')).toBeInTheDocument();
    expect(screen.getByText('Sent')).toHaveAttribute('data-variant', 'secondary');
    const rows = screen.getAllByTestId('invoice-item');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Design', '3', '€33.33', '€10.00VAT 10% (10%)', '€99.99']);
    // A line without tax shows a dash in the Tax column.
    expect(within(rows[1]!).getByTestId('invoice-item-tax')).toHaveTextContent('—');
    const summary = within(screen.getByTestId('invoice-summary'));
    expect(summary.getByText('Subtotal').nextSibling).toHaveTextContent('€100.09');
    expect(summary.getByText('Tax').nextSibling).toHaveTextContent('€10.00');
    expect(summary.getByText('Total').nextSibling).toHaveTextContent('€110.09');
  });

  it('toasts the view texts for send success, failure and a network error', async () => {
    const user = userEvent.setup();
    let answer: 'ok' | 'fail' | 'network' = 'ok';
    stubFetch([
      { path: '/api/invoices/1', body: makeInvoice({ id: 1 }) },
      {
        method: 'POST',
        path: '/api/invoices/1/send',
        reply: () => {
          if (answer === 'network') throw new TypeError('Failed to fetch');
          return answer === 'ok' ? { body: {} } : { status: 502, body: { statusCode: 502, error: 'Bad Gateway', message: 'SMTP down' } };
        },
      },
    ]);
    renderView();
    const send = await screen.findByRole('button', { name: 'Send to Customer' });
    await user.click(send);
    expect(await screen.findByText('The invoice has been successfully sent to the customer.')).toBeInTheDocument();
    expect(screen.getByText('Invoice Sent')).toBeInTheDocument();

    answer = 'fail';
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send to Customer' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Send to Customer' }));
    expect(await screen.findByText('Failed to send the invoice. Please try again.')).toBeInTheDocument();

    answer = 'network';
    await user.click(screen.getByRole('button', { name: 'Send to Customer' }));
    expect(await screen.findByText('An error occurred while sending the invoice.')).toBeInTheDocument();
  });

  it('offers no sending for a cancelled invoice, which asks for no money', async () => {
    stubFetch([{ path: '/api/invoices/1', body: makeInvoice({ id: 1, status: 'cancelled' }) }]);
    renderView();
    expect(await screen.findByTestId('invoice-number')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send to Customer' })).not.toBeInTheDocument();
  });

  it('links an invoice a subscription generated to that subscription, and says nothing for one made by hand', async () => {
    stubFetch([
      { path: '/api/invoices/1', body: makeInvoice({ id: 1, recurringInvoiceId: 12 }) },
      { path: '/api/invoices/2', body: makeInvoice({ id: 2, recurringInvoiceId: null }) },
    ]);
    const { unmount } = renderView('1');
    expect(await screen.findByRole('link', { name: 'Generated by a subscription' })).toHaveAttribute('href', '/subscriptions/12/edit');
    unmount();
    renderView('2');
    expect(await screen.findByTestId('invoice-number')).toBeInTheDocument();
    expect(screen.queryByText('Generated by a subscription')).not.toBeInTheDocument();
  });

  it('links an invoice converted from a quote to that quote, by its number', async () => {
    stubFetch([
      { path: '/api/auth/user', body: makeUser({ role: 'user' }) },
      { path: '/api/invoices/1', body: makeInvoice({ id: 1, quoteId: 4 }) },
      { path: '/api/quotes/4', body: makeQuote({ id: 4, quoteNumber: 'QUO-0004', status: 'converted', convertedInvoiceId: 1 }) },
    ]);
    renderView('1');
    expect(await screen.findByRole('link', { name: 'Created from quote QUO-0004' })).toHaveAttribute('href', '/quotes/4');
  });
});
