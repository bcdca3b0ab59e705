import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreditNote, Invoice, Payment } from '@billpoint/proto';
import { renderRoutes, stubFetch } from '@/testing/render';
import { makeInvoice } from '@/testing/factories';
import { InvoiceViewPage } from './invoice-view-page';

const renderView = () => renderRoutes([{ path: '/invoices/:id', element: <InvoiceViewPage /> }], { path: '/invoices/1' });
const notifications = () => within(screen.getByRole('region', { name: /Notifications/ }));

const items: Invoice['items'] = [
  {
    id: 11,
    productId: null,
    description: 'Stapler',
    quantity: '2.00',
    rate: '30.00',
    amount: '60.00',
    taxRate: '10.00',
    taxAmount: '6.00',
    taxRateId: 3,
    taxRateName: 'VAT 10%',
    taxType: 'vat',
  },
  {
    id: 12,
    productId: null,
    description: 'Cover sheets',
    quantity: '10.00',
    rate: '2.50',
    amount: '25.00',
    taxRate: '0.00',
    taxAmount: '0.00',
    taxRateId: null,
    taxRateName: null,
    taxType: null,
  },
];
const paid = (over: Partial<Invoice> = {}) =>
  makeInvoice({
    id: 1,
    invoiceNumber: 'INV-0007',
    status: 'paid',
    items,
    subtotal: '85.00',
    taxAmount: '6.00',
    total: '91.00',
    amountPaid: '91.00',
    balanceDue: '0.00',
    ...over,
  });

const payment: Payment = {
  id: 1,
  invoiceId: 1,
  amount: '91.00',
  currency: 'USD',
  exchangeRate: '1.000000',
  amountInBaseCurrency: '91.00',
  refundedAmount: '0.00',
  paymentDate: '2026-11-20',
  paymentMethod: 'credit_card',
  paymentProcessor: null,
  transactionId: null,
  reference: null,
  status: 'completed',
  fees: '0.00',
  notes: null,
  metadata: {},
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
} as Payment;

const creditNote = (over: Partial<CreditNote> = {}): CreditNote => ({
  id: 4,
  creditNoteNumber: 'CN-0001',
  invoiceId: 1,
  invoiceNumber: 'INV-0007',
  invoiceIssueDate: '2026-11-01',
  customerId: 1,
  customer: { name: 'Acme Ltd', email: 'billing@acme.test' },
  issueDate: '2026-11-21',
  currency: 'USD',
  reason: 'Stapler returned',
  resolution: 'refund',
  subtotal: '30.00',
  taxAmount: '3.00',
  total: '33.00',
  exchangeRate: '1.000000',
  totalInBaseCurrency: '33.00',
  refundStatus: 'pending',
  refundedAmount: '0.00',
  taxLines: [],
  metadata: {},
  createdAt: '2026-11-21T10:00:00.000Z',
  createdBy: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('invoice view: credit notes', () => {
  it('issues a line credit note as a refund: live total, checks, POST /api/credit-notes, the list and totals refreshed', async () => {
    const user = userEvent.setup();
    let issued = false;
    const calls = stubFetch([
      { path: '/api/invoices/1', reply: () => ({ body: issued ? paid({ creditedAmount: '33.00' }) : paid() }) },
      { path: '/api/payments', body: [payment] },
      { path: '/api/invoices/1/credit-notes', reply: () => ({ body: issued ? [creditNote()] : [] }) },
      {
        method: 'POST',
        path: '/api/credit-notes',
        reply: () => {
          issued = true;
          return { status: 201, body: creditNote() };
        },
      },
    ]);
    renderView();
    expect(await screen.findByText('No credit notes for this invoice.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Issue credit note' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Issue credit note' }));
    expect(dialog.queryByRole('radio', { name: /Reduce the balance due/ })).not.toBeInTheDocument();
    expect(await dialog.findByText(/the way it was paid \(Card\)/)).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Issue credit note' }));
    expect(dialog.getByText('Enter a quantity to credit on at least one line.')).toBeInTheDocument();
    expect(dialog.getByText('Choose what happens to the credited amount.')).toBeInTheDocument();

    const stapler = dialog.getByLabelText('Quantity to credit: Stapler');
    await user.clear(stapler);
    await user.type(stapler, '1');
    expect(dialog.getByTestId('credit-note-total')).toHaveTextContent('$33.00');
    expect(dialog.getByTestId('credit-note-left')).toHaveTextContent('$58.00');
    await user.type(dialog.getByLabelText('Reason'), 'Stapler returned');
    await user.click(dialog.getByRole('radio', { name: /Refund the payment/ }));
    await user.click(dialog.getByRole('button', { name: 'Issue credit note' }));

    expect(await notifications().findByText('CN-0001 credits $33.00 on invoice INV-0007.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = await screen.findByTestId('invoice-credit-note');
    expect(row).toHaveTextContent('CN-0001');
    expect(row).toHaveTextContent('Refund pending');
    expect(await screen.findByTestId('invoice-credited')).toHaveTextContent('−$33.00');
    expect(screen.getByTestId('invoice-balance-due')).toHaveTextContent('$0.00');
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      invoiceId: 1,
      reason: 'Stapler returned',
      resolution: 'refund',
      items: [
        { invoiceItemId: 11, description: 'Stapler', quantity: '1.00', rate: '30.00', productId: null, taxRateId: 3, taxRate: '10.00' },
      ],
    });
  });

  it('shows the server’s refusal on its field', async () => {
    const user = userEvent.setup();
    stubFetch([
      { path: '/api/invoices/1', body: paid({ status: 'sent', amountPaid: '20.00', balanceDue: '71.00' }) },
      { path: '/api/payments', body: [{ ...payment, amount: '20.00' }] },
      { path: '/api/invoices/1/credit-notes', body: [] },
      {
        method: 'POST',
        path: '/api/credit-notes',
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid',
          issues: [{ path: 'amount', message: 'At most 20.00 USD can be given back' }],
        },
      },
    ]);
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Issue credit note' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Issue credit note' }));
    await user.click(dialog.getByRole('radio', { name: 'An amount' }));
    await user.type(dialog.getByLabelText('Amount to credit, tax included (USD)'), '30');
    await user.type(dialog.getByLabelText('Reason'), 'Goodwill');
    await user.click(dialog.getByRole('radio', { name: /Add to the customer’s credit/ }));
    await user.click(dialog.getByRole('button', { name: 'Issue credit note' }));
    expect(await dialog.findByText('At most 20.00 USD can be given back')).toBeInTheDocument();
    expect(dialog.getByLabelText('Amount to credit, tax included (USD)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('has no credit notes on a draft', async () => {
    stubFetch([
      { path: '/api/invoices/1', body: paid({ status: 'draft', amountPaid: '0.00', balanceDue: '91.00' }) },
      { path: '/api/payments', body: [] },
    ]);
    renderView();
    await screen.findByRole('button', { name: 'Send to Customer' });
    expect(screen.queryByRole('button', { name: 'Issue credit note' })).not.toBeInTheDocument();
    expect(screen.queryByText('Credit notes')).not.toBeInTheDocument();
  });

  it('shows a credit note’s total in the base currency when it is in another one', async () => {
    const eur = { currency: 'EUR', exchangeRate: '1.100000' };
    stubFetch([
      { path: '/api/invoices/1', body: paid({ ...eur, totalInBaseCurrency: '100.10' }) },
      { path: '/api/payments', body: [] },
      {
        path: '/api/invoices/1/credit-notes',
        body: [creditNote({ ...eur, resolution: 'reduce_balance', refundStatus: null, total: '45.45', totalInBaseCurrency: '50.00' })],
      },
      { path: '/api/exchange-rates', body: { base: 'USD', date: '2026-11-21', rates: [] } },
    ]);
    renderView();
    expect(await screen.findByTestId('credit-note-total-in-base')).toHaveTextContent('Total in USD: $50.00');
  });
});
