import { describe, expect, it } from 'vitest';
import { InvoiceMessages, type InvoiceStatus } from '@billpoint/proto';
import { makeInvoice } from '@/testing/factories';
import { invoiceEditFormSchema, invoiceToEditForm, statusToSave, toUpdateBody } from './invoice-form';

describe('edit form status mapping', () => {
  it.each<[InvoiceStatus, string]>([
    ['draft', 'draft'],
    ['sent', 'pending'],
    ['viewed', 'pending'],
    ['paid', 'paid'],
    ['overdue', 'overdue'],
    ['cancelled', 'draft'],
    ['refunded', 'draft'],
  ])('a stored %s shows as %s', (stored, shown) => {
    expect(invoiceToEditForm(makeInvoice({ status: stored })).status).toBe(shown);
  });

  it('saves Pending as sent, and the other choices as themselves', () => {
    expect(statusToSave('pending', 'draft')).toBe('sent');
    expect(statusToSave('paid', 'sent')).toBe('paid');
    expect(statusToSave('overdue', 'sent')).toBe('overdue');
    expect(statusToSave('draft', 'paid')).toBe('draft');
  });

  it('keeps a stored status the form cannot show while the select is left alone', () => {
    expect(statusToSave('pending', 'viewed')).toBe('viewed');
    expect(statusToSave('draft', 'cancelled')).toBe('cancelled');
    expect(statusToSave('draft', 'refunded')).toBe('refunded');
    expect(statusToSave('paid', 'cancelled')).toBe('paid');
  });

  it('builds the PUT body with the recomputed amounts and total as text', () => {
    const invoice = makeInvoice({ id: 3, status: 'sent' });
    const values = invoiceEditFormSchema.parse({
      ...invoiceToEditForm(invoice),
      items: [
        { id: 301, description: 'Consulting', quantity: '3', rate: '33.33' },
        { description: 'New line', quantity: '1', rate: '0.1' },
      ],
    });
    expect(toUpdateBody(values, invoice.status, invoice.exchangeRate)).toEqual({
      customerId: 1,
      issueDate: '2024-01-05',
      dueDate: '2024-02-04',
      notes: null,
      templateId: null,
      status: 'sent',
      total: '100.09',
      items: [
        { id: 301, description: 'Consulting', quantity: '3.00', rate: '33.33', amount: '99.99' },
        { description: 'New line', quantity: '1.00', rate: '0.10', amount: '0.10' },
      ],
    });
  });

  it('sends an exchange rate only when it was changed; empty sends none', () => {
    const invoice = makeInvoice({ id: 4, status: 'draft', currency: 'EUR', exchangeRate: '1.100000' });
    const body = (exchangeRate: string) =>
      toUpdateBody(invoiceEditFormSchema.parse({ ...invoiceToEditForm(invoice), exchangeRate }), invoice.status, invoice.exchangeRate);
    expect(body('1.1')).not.toHaveProperty('exchangeRate');
    expect(body('')).not.toHaveProperty('exchangeRate');
    expect(body(' 1.2 ').exchangeRate).toBe('1.200000');
    const bad = invoiceEditFormSchema.safeParse({ ...invoiceToEditForm(invoice), exchangeRate: '1.2345678' });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['exchangeRate']);
  });

  it('asks for a customer with "Please select a customer" and keeps at least one item', () => {
    const result = invoiceEditFormSchema.safeParse({ ...invoiceToEditForm(makeInvoice()), customerId: '', items: [] });
    const messages = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toContainEqual(['customerId', InvoiceMessages.selectCustomer]);
    expect(messages).toContainEqual(['items', InvoiceMessages.itemsRequired]);
  });
});

describe('product lines', () => {
  it('send their product and tax rate, and lines without them send neither', () => {
    const invoice = makeInvoice({
      items: [
        {
          id: 7,
          productId: 12,
          description: 'Widget',
          quantity: '3.00',
          rate: '15.00',
          amount: '45.00',
          taxRate: '10.00',
          taxAmount: '4.50',
          taxRateId: null,
          taxRateName: null,
          taxType: null,
        },
      ],
    });
    const form = invoiceToEditForm(invoice);
    expect(form.items[0]).toMatchObject({ productId: 12, taxRate: '10.00' });
    const values = invoiceEditFormSchema.parse({ ...form, items: [...form.items, { description: 'By hand', quantity: '1', rate: '1' }] });
    expect(toUpdateBody(values, invoice.status).items).toEqual([
      { id: 7, description: 'Widget', quantity: '3.00', rate: '15.00', amount: '45.00', taxRate: '10.00', productId: 12 },
      { description: 'By hand', quantity: '1.00', rate: '1.00', amount: '1.00' },
    ]);
  });
});
