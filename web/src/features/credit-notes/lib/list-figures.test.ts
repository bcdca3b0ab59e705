import { describe, expect, it } from 'vitest';
import type { CreditNote } from '@billpoint/proto';
import { filterCreditNotes, summarize } from './list-figures';

let nextId = 1;
const note = (over: Partial<CreditNote>): CreditNote => ({
  id: nextId++,
  creditNoteNumber: `CN-${String(nextId).padStart(4, '0')}`,
  invoiceId: 1,
  invoiceNumber: 'INV-0001',
  invoiceIssueDate: '2026-10-01',
  customerId: 1,
  customer: { name: 'Initech', email: 'ap@initech.test' },
  issueDate: '2026-11-10',
  currency: 'USD',
  reason: 'Damaged goods',
  resolution: 'reduce_balance',
  subtotal: '10.00',
  taxAmount: '0.00',
  total: '10.00',
  exchangeRate: '1.000000',
  totalInBaseCurrency: '10.00',
  refundStatus: null,
  refundedAmount: '0.00',
  taxLines: [],
  metadata: {},
  createdAt: '2026-11-10T10:00:00.000Z',
  createdBy: null,
  ...over,
});

const notes = [
  note({ total: '100.00' }),
  note({ total: '20.50', currency: 'EUR', resolution: 'credit', customer: { name: 'Chotchkies', email: 'flair@chotchkies.test' } }),
  note({ total: '30.00', resolution: 'refund', refundStatus: 'pending' }),
  note({ total: '40.00', resolution: 'refund', refundStatus: 'refunded', refundedAmount: '40.00', invoiceNumber: 'INV-0042' }),
  note({ total: '5.00', resolution: 'refund', refundStatus: 'failed', issueDate: '2026-10-31' }),
];

describe('the credit notes list', () => {
  it('sums this month per currency, counts refunds pending and failed, over every credit note', () => {
    expect(summarize(notes, '2026-11-26')).toEqual({
      thisMonth: 4,
      creditedThisMonth: [
        { currency: 'USD', amount: '170.00' },
        { currency: 'EUR', amount: '20.50' },
      ],
      refundsPending: 1,
      pendingAmounts: [{ currency: 'USD', amount: '30.00' }],
      refundsFailed: 1,
      all: 5,
    });
  });

  it('filters by resolution and searches numbers, the customer and the reason', () => {
    expect(filterCreditNotes(notes, { resolution: 'refund', search: '' })).toHaveLength(3);
    expect(filterCreditNotes(notes, { resolution: '', search: 'inv-0042' }).map((n) => n.total)).toEqual(['40.00']);
    expect(filterCreditNotes(notes, { resolution: '', search: 'FLAIR' }).map((n) => n.currency)).toEqual(['EUR']);
    expect(filterCreditNotes(notes, { resolution: 'credit', search: 'damaged' })).toHaveLength(1);
    expect(filterCreditNotes(notes, { resolution: 'reduce_balance', search: 'nothing like it' })).toEqual([]);
  });
});
