import { randomUUID } from 'node:crypto';
import type { InvoiceEventData, RecurringInvoice } from '@billpoint/proto';

let next = 700_000 + Math.floor(Math.random() * 1000) * 100;
const id = () => ++next;
/** YYYY-MM-DD `n` days from today (UTC); negative: in the past. */
export const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** A time `n` days from now. */
export const at = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

/** An invoice as billing's invoice events carry it. */
export function invoice(o: Partial<InvoiceEventData> & { customerId: number; total: string }): InvoiceEventData {
  const now = new Date().toISOString();
  const paid = o.status === 'paid';
  return {
    id: id(),
    invoiceNumber: `INV-${randomUUID().slice(0, 8)}`,
    customer: { id: o.customerId, name: `Customer ${o.customerId}`, email: 'c@example.com', phone: null, address: null, company: null },
    status: 'sent',
    issueDate: day(-10),
    dueDate: day(20),
    currency: 'USD',
    exchangeRate: '1.000000',
    subtotal: o.total,
    taxRate: '0.00',
    taxAmount: '0.00',
    discountAmount: '0.00',
    shippingAmount: '0.00',
    totalInBaseCurrency: o.total,
    notes: null,
    terms: null,
    paymentInstructions: null,
    sentAt: now,
    viewedAt: null,
    paidAt: null,
    remindersSent: 0,
    lastReminderAt: null,
    recurringInvoiceId: null,
    templateId: null,
    amountPaid: paid ? o.total : '0.00',
    balanceDue: paid ? '0.00' : o.total,
    createdAt: now,
    updatedAt: now,
    ...o,
  } as InvoiceEventData;
}

/** A recurring schedule as billing's subscription events carry it. */
export function schedule(
  o: Partial<Omit<RecurringInvoice, 'items'>> & { customerId: number; total: string },
): Omit<RecurringInvoice, 'items'> {
  const now = new Date().toISOString();
  return {
    id: id(),
    name: 'Retainer',
    customer: { id: o.customerId, name: `Customer ${o.customerId}` },
    frequency: 'monthly',
    startDate: day(-60),
    endDate: null,
    nextInvoiceDate: day(5),
    lastInvoiceDate: null,
    isActive: true,
    autoSend: false,
    currency: 'USD',
    totalInvoicesGenerated: 0,
    notes: null,
    metadata: {},
    createdAt: now,
    updatedAt: now,
    ...o,
  };
}
