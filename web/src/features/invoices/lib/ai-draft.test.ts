import { describe, expect, it } from 'vitest';
import type { InvoiceDraft } from '@billpoint/proto';
import { draftToForm } from './ai-draft';
import { createFormDefaults } from './invoice-form';

const draft: InvoiceDraft = {
  customer: { id: 7, name: 'Acme Corporation', confidence: 0.98 },
  candidates: [],
  newCustomerName: null,
  items: [
    {
      description: 'Design',
      quantity: '12',
      rate: '95.00',
      productId: null,
      taxRateId: null,
      taxRate: null,
      taxRateName: null,
      confidence: 0.9,
    },
    {
      description: 'Pro Plan',
      quantity: '2',
      rate: '49.00',
      productId: 3,
      taxRateId: 4,
      taxRate: '20.000',
      taxRateName: 'VAT',
      confidence: 0.9,
    },
  ],
  issueDate: { value: '2026-11-26', confidence: 0.95 },
  dueDate: { value: '2026-12-10', confidence: 0.95 },
  currency: { value: 'EUR', confidence: 0.95 },
  discountAmount: { value: '10.00', confidence: 0.9 },
  notes: 'PO 4521',
  warnings: [],
  source: 'local',
};

describe('an AI draft in the create form', () => {
  it('fills the customer, lines, dates, currency, discount and notes, and keeps terms and template', () => {
    const current = { ...createFormDefaults(new Date('2026-11-26T12:00:00')), terms: 'Net 30', templateId: '5' };
    expect(draftToForm(draft, current)).toEqual({
      ...current,
      customerId: '7',
      issueDate: '2026-11-26',
      dueDate: '2026-12-10',
      currency: 'EUR',
      discountAmount: '10.00',
      notes: 'PO 4521',
      items: [
        { description: 'Design', quantity: '12', rate: '95.00', taxRate: null, productId: null, taxRateId: null, taxRateName: null },
        { description: 'Pro Plan', quantity: '2', rate: '49.00', taxRate: '20.000', productId: 3, taxRateId: 4, taxRateName: 'VAT' },
      ],
    });
  });

  it('takes a customer created from the draft, and keeps the form’s customer and lines when the draft has none', () => {
    const current = { ...createFormDefaults(), customerId: '9' };
    const none = { ...draft, customer: null, newCustomerName: 'Globex', items: [] };
    expect(draftToForm(none, current).customerId).toBe('9');
    expect(draftToForm(none, current).items).toEqual(current.items);
    expect(draftToForm(none, current, 12).customerId).toBe('12');
  });
});
