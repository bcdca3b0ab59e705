import { describe, expect, it } from 'vitest';
import {
  InvoiceLifecycles,
  InvoicePaymentStatuses,
  legacyInvoiceStatus,
  lifecycleOfStatus,
  paymentStatusOfStatus,
  InvoiceStatuses,
  invoiceIsIssued,
  invoiceIsSettled,
  type InvoiceStatusFacts,
} from './status.ts';

const facts = (f: Partial<InvoiceStatusFacts>): InvoiceStatusFacts => ({
  lifecycle: 'issued',
  paymentStatus: 'unpaid',
  overdue: false,
  viewed: false,
  ...f,
});

describe('the legacy status derived from lifecycle, payment state and facts', () => {
  it('a draft is a draft and a void invoice cancelled, whatever money and the calendar did', () => {
    for (const paymentStatus of InvoicePaymentStatuses) {
      expect(legacyInvoiceStatus(facts({ lifecycle: 'draft', paymentStatus, overdue: true, viewed: true }))).toBe('draft');
      expect(legacyInvoiceStatus(facts({ lifecycle: 'void', paymentStatus, overdue: true, viewed: true }))).toBe('cancelled');
    }
  });

  it('paid, refunded and credited follow the payment state before overdue and viewed', () => {
    for (const paymentStatus of ['paid', 'refunded', 'credited'] as const)
      expect(legacyInvoiceStatus(facts({ paymentStatus, overdue: true, viewed: true }))).toBe(paymentStatus);
  });

  it('with money open: overdue when the fact holds, else viewed when viewed, else sent', () => {
    for (const paymentStatus of ['unpaid', 'partial'] as const) {
      expect(legacyInvoiceStatus(facts({ paymentStatus, overdue: true, viewed: true }))).toBe('overdue');
      expect(legacyInvoiceStatus(facts({ paymentStatus, viewed: true }))).toBe('viewed');
      expect(legacyInvoiceStatus(facts({ paymentStatus }))).toBe('sent');
    }
  });

  it('a legacy status a client sends maps onto lifecycle and payment state and derives back to itself', () => {
    for (const s of InvoiceStatuses) {
      const lifecycle = lifecycleOfStatus(s);
      expect(InvoiceLifecycles).toContain(lifecycle);
      for (const received of [false, true]) {
        const paymentStatus = paymentStatusOfStatus(s, received);
        expect(legacyInvoiceStatus({ lifecycle, paymentStatus, overdue: s === 'overdue', viewed: s === 'viewed' })).toBe(s);
      }
    }
    expect(paymentStatusOfStatus('sent', true)).toBe('partial');
    expect(paymentStatusOfStatus('overdue', false)).toBe('unpaid');
  });
});

describe('what an event consumer reads of an invoice', () => {
  it('lifecycle and payment state where the event has them, the legacy status otherwise', () => {
    expect(invoiceIsIssued({ status: 'sent' })).toBe(true);
    expect(invoiceIsIssued({ status: 'cancelled' })).toBe(false);
    expect(invoiceIsIssued({ status: 'draft', lifecycle: null })).toBe(false);
    expect(invoiceIsIssued({ status: 'sent', lifecycle: 'void' })).toBe(false);
    expect(invoiceIsSettled({ status: 'paid' })).toBe(true);
    expect(invoiceIsSettled({ status: 'refunded' })).toBe(false);
    expect(invoiceIsSettled({ status: 'credited', lifecycle: 'issued', paymentStatus: 'credited' })).toBe(true);
    expect(invoiceIsSettled({ status: 'sent', lifecycle: 'issued', paymentStatus: 'partial' })).toBe(false);
    expect(invoiceIsSettled({ status: 'cancelled', lifecycle: 'void', paymentStatus: 'paid' })).toBe(false);
  });

  it('agrees with the legacy status groups for every state billing stores', () => {
    for (const lifecycle of InvoiceLifecycles)
      for (const paymentStatus of InvoicePaymentStatuses)
        for (const overdue of [false, true])
          for (const viewed of [false, true]) {
            const status = legacyInvoiceStatus({ lifecycle, paymentStatus, overdue, viewed });
            expect(invoiceIsIssued({ status, lifecycle, paymentStatus })).toBe(invoiceIsIssued({ status }));
            expect(invoiceIsSettled({ status, lifecycle, paymentStatus })).toBe(invoiceIsSettled({ status }));
          }
  });
});
