import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice, Payment } from '@billpoint/proto';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeInvoice } from '@/testing/factories';
import { InvoicesPage } from './invoices-page';
import { InvoiceViewPage } from './invoice-view-page';

const TOKEN = 'Zx8_publicToken_0123456789abcdefghijklmnopq';
const renderView = () => renderRoutes([{ path: '/invoices/:id', element: <InvoiceViewPage /> }], { path: '/invoices/1' });
const notifications = () => within(screen.getByRole('region', { name: /Notifications/ }));

function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 1,
    invoiceId: 1,
    amount: '40.00',
    currency: 'USD',
    exchangeRate: '1.000000',
    amountInBaseCurrency: '40.00',
    refundedAmount: '0.00',
    paymentDate: '2026-11-20',
    paymentMethod: 'bank_transfer',
    paymentProcessor: null,
    transactionId: null,
    reference: 'TRX-1',
    status: 'completed',
    fees: '0.00',
    notes: null,
    metadata: {},
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const sent = (overrides: Partial<Invoice> = {}) =>
  makeInvoice({ id: 1, status: 'sent', total: '100.00', amountPaid: '0.00', balanceDue: '100.00', publicToken: TOKEN, ...overrides });

afterEach(() => vi.unstubAllGlobals());

describe('invoice view: getting paid', () => {
  it('copies the absolute payment link and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    stubFetch([
      { path: '/api/invoices/1', body: sent() },
      { path: '/api/payments', body: [] },
    ]);
    renderView();
    const copy = await screen.findByRole('button', { name: 'Copy payment link' });
    // userEvent installs its own clipboard on setup; the page must use navigator.clipboard.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/pay/${TOKEN}`);
    expect(await notifications().findByText('Payment link copied')).toBeInTheDocument();
  });

  it('offers no payment link for a draft (it has no pay page yet)', async () => {
    stubFetch([
      { path: '/api/invoices/1', body: sent({ status: 'draft' }) },
      { path: '/api/payments', body: [] },
    ]);
    renderView();
    await screen.findByRole('button', { name: 'Send to Customer' });
    expect(screen.queryByRole('button', { name: 'Copy payment link' })).not.toBeInTheDocument();
  });

  it('lists the payments (not unfinished or cancelled attempts; an overpayment struck through) and shows amount paid and balance due when paid in part', async () => {
    stubFetch([
      { path: '/api/invoices/1', body: sent({ amountPaid: '40.00', balanceDue: '60.00' }) },
      {
        path: '/api/payments',
        reply: (url) => {
          expect(url.searchParams.get('invoiceId')).toBe('1');
          return {
            body: [
              makePayment(),
              makePayment({ id: 2, paymentMethod: 'credit_card', status: 'failed', reference: null, amount: '60.00' }),
              makePayment({ id: 3, paymentMethod: 'stripe', status: 'pending', amount: '60.00' }),
              makePayment({ id: 4, paymentMethod: 'credit_card', status: 'cancelled', reference: null, amount: '60.00' }),
              makePayment({
                id: 5,
                paymentMethod: 'credit_card',
                status: 'overpaid',
                reference: null,
                amount: '70.00',
                refundedAmount: '70.00',
              }),
            ],
          };
        },
      },
    ]);
    renderView();
    const rows = await screen.findAllByTestId('invoice-payment');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Bank transferNov 20, 2026 · TRX-1$40.00',
      'CardNov 20, 2026$60.00Failed',
      'CardNov 20, 2026$70.00Overpaid',
    ]);
    expect(within(rows[2]!).getByText('$70.00')).toHaveClass('line-through');
    const summary = within(screen.getByTestId('invoice-summary'));
    expect(summary.getByText('Amount paid').nextSibling).toHaveTextContent('$40.00');
    expect(summary.getByText('Balance due').nextSibling).toHaveTextContent('$60.00');
  });

  it('records a payment: defaults, the method choice, POST /api/payments, Payment recorded, the invoice refreshed', async () => {
    const user = userEvent.setup();
    let recorded = false;
    const calls = stubFetch([
      { path: '/api/invoices/1', reply: () => ({ body: recorded ? sent({ amountPaid: '25.50', balanceDue: '74.50' }) : sent() }) },
      {
        path: '/api/payments',
        reply: () => ({ body: recorded ? [makePayment({ amount: '25.50', paymentMethod: 'check', reference: 'CHK-7' })] : [] }),
      },
      {
        method: 'POST',
        path: '/api/payments',
        reply: () => {
          recorded = true;
          return { status: 201, body: makePayment() };
        },
      },
    ]);
    renderView();
    expect(await screen.findByText('No payments recorded yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Record payment' }));
    expect(dialog.getByLabelText('Amount (USD)')).toHaveValue('100.00');
    expect(dialog.getByRole('combobox', { name: 'Payment method' })).toHaveTextContent('Bank transfer');
    expect(dialog.getByLabelText('Payment date')).toHaveValue(new Date().toLocaleDateString('en-CA'));

    await user.clear(dialog.getByLabelText('Amount (USD)'));
    await user.type(dialog.getByLabelText('Amount (USD)'), '100.01');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText('Amount cannot be more than the balance due ($100.00)')).toBeInTheDocument();

    await user.clear(dialog.getByLabelText('Amount (USD)'));
    await user.type(dialog.getByLabelText('Amount (USD)'), '25.5');
    await user.click(dialog.getByRole('combobox', { name: 'Payment method' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Cash', 'Bank transfer', 'Check', 'Other']);
    await user.click(screen.getByRole('option', { name: 'Check' }));
    await user.clear(dialog.getByLabelText('Payment date'));
    await user.type(dialog.getByLabelText('Payment date'), '2026-11-02');
    await user.type(dialog.getByLabelText('Reference'), 'CHK-7');
    await user.type(dialog.getByLabelText('Notes'), 'Mailed');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));

    expect(await notifications().findByText('Payment recorded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init?.body))).toEqual({
      invoiceId: 1,
      amount: '25.50',
      paymentMethod: 'check',
      paymentDate: '2026-11-02',
      reference: 'CHK-7',
      notes: 'Mailed',
    });
    expect(await screen.findByTestId('invoice-payment')).toHaveTextContent('Check');
    expect(within(screen.getByTestId('invoice-summary')).getByText('Balance due').nextSibling).toHaveTextContent('$74.50');
  });

  it("shows the server's message when it refuses the payment, and has nothing to record on a paid invoice", async () => {
    const user = userEvent.setup();
    stubFetch([
      { path: '/api/invoices/1', body: sent() },
      { path: '/api/payments', body: [] },
      {
        method: 'POST',
        path: '/api/payments',
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'This invoice is already paid' },
      },
    ]);
    const { unmount } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Record payment' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('This invoice is already paid');
    unmount();

    stubFetch([
      { path: '/api/invoices/1', body: sent({ status: 'paid', amountPaid: '100.00', balanceDue: '0.00' }) },
      { path: '/api/payments', body: [makePayment({ amount: '100.00' })] },
    ]);
    renderView();
    expect(await screen.findByRole('button', { name: 'Record payment' })).toBeDisabled();
    expect(screen.queryByText('Balance due')).not.toBeInTheDocument();
  });
});

describe('invoices list: part payments', () => {
  it('shows amount paid and balance due under the total of an invoice paid in part only', async () => {
    const all = [
      makeInvoice({ id: 1, invoiceNumber: 'INV-0001', status: 'sent', total: '100.00', amountPaid: '30.00', balanceDue: '70.00' }),
      makeInvoice({ id: 2, invoiceNumber: 'INV-0002', status: 'paid', total: '50.00', amountPaid: '50.00', balanceDue: '0.00' }),
    ];
    stubFetch([{ path: '/api/invoices', body: all, headers: { 'x-total-count': '2' } }]);
    renderRoutes([{ path: '/invoices', element: <InvoicesPage /> }], { path: '/invoices' });
    const rows = await screen.findAllByTestId('invoice-row');
    expect(within(rows[0]!).getByTestId('invoice-part-paid')).toHaveTextContent('Amount paid: $30.00Balance due: $70.00');
    expect(within(rows[1]!).queryByTestId('invoice-part-paid')).not.toBeInTheDocument();
  });
});
