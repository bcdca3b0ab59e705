import { describe, expect, it } from 'vitest';
import type { InvoiceItem } from '@billpoint/proto';
import { makeInvoice } from '@/testing/factories';
import {
  availableResolutions,
  checkCreditNoteForm,
  creditFigures,
  initialCreditNoteForm,
  serverErrors,
  toCreditNoteBody,
  type CreditNoteFormState,
} from './credit-note-form';

const line = (id: number, description: string, quantity: string, rate: string, taxRate: string, taxRateId: number | null): InvoiceItem => ({
  id,
  productId: null,
  description,
  quantity,
  rate,
  amount: '0.00',
  taxRate,
  taxAmount: '0.00',
  taxRateId,
  taxRateName: taxRateId ? 'VAT 20%' : null,
  taxType: taxRateId ? 'vat' : null,
});

// 12 × 150.00 at 20% = 1800 + 360; 3 × 1249.99 untaxed = 3749.97 → total 5909.97
const items = [line(11, 'Consulting', '12.00', '150.00', '20.00', 7), line(12, 'Cover sheets', '3.00', '1249.99', '0.00', null)];
const sent = makeInvoice({ id: 5, status: 'sent', items, total: '5909.97', balanceDue: '5909.97', amountPaid: '0.00' });
const paid = makeInvoice({ ...sent, status: 'paid', balanceDue: '0.00', amountPaid: '5909.97' });

const form = (over: Partial<CreditNoteFormState>): CreditNoteFormState => ({ ...initialCreditNoteForm(items, []), ...over });

describe('the credit note form', () => {
  it('starts on the lines, each at 0, and picks the resolution only when there is one choice', () => {
    expect(initialCreditNoteForm(items, ['reduce_balance'])).toEqual({
      mode: 'lines',
      quantities: { 11: '0', 12: '0' },
      amount: '',
      reason: '',
      resolution: 'reduce_balance',
    });
    expect(initialCreditNoteForm(items, ['refund', 'credit']).resolution).toBeUndefined();
  });

  it('offers reducing the balance while something is due, refund and credit once money was paid', () => {
    expect(availableResolutions(sent)).toEqual(['reduce_balance']);
    expect(availableResolutions(paid)).toEqual(['refund', 'credit']);
    expect(availableResolutions({ balanceDue: '10.00', amountPaid: '5.00' })).toEqual(['reduce_balance', 'refund', 'credit']);
  });

  it('computes a line credit as the server does: quantity × rate to cents, the line’s tax on it', () => {
    const f = creditFigures(sent, form({ quantities: { 11: '2.5', 12: '1' } }));
    expect(f.lines.map((l) => [l.item.id, l.quantity, l.amount, l.taxAmount])).toEqual([
      [11, '2.50', '375.00', '75.00'],
      [12, '1.00', '1249.99', '0.00'],
    ]);
    expect([f.subtotal, f.taxAmount, f.total, f.leftToCredit]).toEqual(['1624.99', '75.00', '1699.99', '4209.98']);
  });

  it('counts what earlier credit notes took, and an amount as typed', () => {
    const f = creditFigures({ ...sent, creditedAmount: '909.97' }, form({ mode: 'amount', amount: '1,000.5' }));
    expect([f.total, f.leftToCredit]).toEqual(['1000.50', '3999.50']);
  });

  it('names each problem on its field', () => {
    expect(checkCreditNoteForm(sent, form({}))).toEqual({
      items: 'Enter a quantity to credit on at least one line.',
      reason: 'Give the reason for the credit note.',
      resolution: 'Choose what happens to the credited amount.',
    });
    expect(
      checkCreditNoteForm(sent, form({ quantities: { 11: '13', 12: 'x' }, reason: 'Late', resolution: 'reduce_balance' })).lines,
    ).toEqual({
      11: 'At most 12',
      12: 'Enter a quantity like 1 or 2.5',
    });
    expect(checkCreditNoteForm(sent, form({ mode: 'amount', amount: '0', reason: 'r', resolution: 'reduce_balance' }))).toEqual({
      amount: 'The amount must be greater than 0.',
    });
    expect(checkCreditNoteForm(sent, form({ reason: 'x'.repeat(501), quantities: { 11: '1', 12: '0' }, resolution: 'refund' }))).toEqual({
      reason: 'The reason must be at most 500 characters.',
      resolution: 'This invoice does not allow that choice.',
    });
  });

  it('never lets the credit notes pass the invoice total, nor a balance reduction pass the balance due', () => {
    const credited = { ...sent, creditedAmount: '5900.00', balanceDue: '9.97' };
    expect(checkCreditNoteForm(credited, form({ mode: 'amount', amount: '10', reason: 'r', resolution: 'reduce_balance' }))).toEqual({
      amount: 'Credit notes cannot exceed the invoice total: $9.97 left to credit.',
    });
    const part = { ...sent, balanceDue: '100.00', amountPaid: '5809.97' };
    expect(checkCreditNoteForm(part, form({ mode: 'amount', amount: '100.01', reason: 'r', resolution: 'reduce_balance' }))).toEqual({
      resolution: 'Reducing the balance takes off at most the balance due ($100.00).',
    });
    expect(checkCreditNoteForm(part, form({ mode: 'amount', amount: '100.01', reason: 'r', resolution: 'refund' }))).toEqual({});
  });

  it('sends the credited lines naming their invoice line, or the amount', () => {
    expect(toCreditNoteBody(paid, form({ quantities: { 11: '1', 12: '0' }, reason: ' Damaged ', resolution: 'refund' }))).toEqual({
      invoiceId: 5,
      reason: 'Damaged',
      resolution: 'refund',
      items: [
        { invoiceItemId: 11, description: 'Consulting', quantity: '1.00', rate: '150.00', productId: null, taxRateId: 7, taxRate: '20.00' },
      ],
    });
    expect(toCreditNoteBody(paid, form({ mode: 'amount', amount: '25', reason: 'Goodwill', resolution: 'credit' }))).toEqual({
      invoiceId: 5,
      reason: 'Goodwill',
      resolution: 'credit',
      amount: '25.00',
    });
  });

  it('puts the server’s problems on the line they name, or on the field', () => {
    const sentItems = [{ invoiceItemId: 12 }, { invoiceItemId: 11 }];
    expect(
      serverErrors(
        [
          { path: 'items.1.quantity', message: 'Quantity is too large' },
          { path: 'items', message: 'Credit notes cannot exceed the invoice total: 10.00 USD left' },
          { path: 'resolution', message: 'Only 0.00 USD can be given back' },
          { path: 'invoiceId', message: 'Invoice not found' },
        ],
        items,
        sentItems,
      ),
    ).toEqual({
      lines: { 11: 'Quantity is too large' },
      items: 'Credit notes cannot exceed the invoice total: 10.00 USD left',
      resolution: 'Only 0.00 USD can be given back',
    });
  });
});
