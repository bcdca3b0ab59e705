import { describe, expect, it } from 'vitest';
import { CreditNoteEvents, CustomerCreditEvents } from './credit-note/events.ts';
import { CustomerEvents, OrganizationEvents } from './events.ts';
import { ApiUsageEvents } from './integrations/api-keys.ts';
import { InvoiceEvents } from './invoice/events.ts';
import { LiveMessage, liveNoticeOf } from './live.ts';
import { MembershipEvents } from './members.ts';
import { PaymentEvents } from './payments.ts';
import { ExpenseEvents } from './expense.ts';

describe('liveNoticeOf', () => {
  it('makes a notice of type, verb and id, and nothing else of the payload', () => {
    const paid = liveNoticeOf(InvoiceEvents.Paid, { id: 42, total: '120.00', customerName: 'Acme' });
    expect(paid).toEqual({ type: 'invoice', action: 'paid', id: 42 });
    expect(liveNoticeOf(PaymentEvents.Completed, { id: 7, amount: '10.00' })).toEqual({ type: 'payment', action: 'completed', id: 7 });
    expect(liveNoticeOf(CustomerEvents.Deleted, { id: 3 })).toEqual({ type: 'customer', action: 'deleted', id: 3 });
    expect(liveNoticeOf(ExpenseEvents.Created, { id: 9, description: 'Taxi' })).toEqual({ type: 'expense', action: 'created', id: 9 });
    expect(liveNoticeOf(CreditNoteEvents.Created, { id: 5 })).toEqual({ type: 'credit-note', action: 'created', id: 5 });
    expect(liveNoticeOf(CustomerCreditEvents.Changed, { customerId: 3, balance: '5.00' })).toEqual({
      type: 'customer-credit',
      action: 'changed',
      id: 3,
    });
    expect(liveNoticeOf(ApiUsageEvents.Batch, { records: [] })).toEqual({ type: 'api-usage', action: 'batch', id: null });
    expect(LiveMessage.parse(paid)).toEqual(paid);
  });

  it('never carries a text id that is not a plain token', () => {
    expect(liveNoticeOf(InvoiceEvents.Updated, { id: 'Acme Ltd <ceo@acme.test>' })).toEqual({
      type: 'invoice',
      action: 'updated',
      id: null,
    });
    expect(liveNoticeOf(InvoiceEvents.Updated, null)).toEqual({ type: 'invoice', action: 'updated', id: null });
  });

  it('carries no events of members, organizations or odd subjects', () => {
    expect(liveNoticeOf(MembershipEvents.Created, { id: 'x' })).toBeNull();
    expect(liveNoticeOf(OrganizationEvents.Created, { id: 'x' })).toBeNull();
    expect(liveNoticeOf('evt.billing.invoice', { id: 1 })).toBeNull();
    expect(liveNoticeOf('rpc.billing.invoice.get', { id: 1 })).toBeNull();
  });
});
