import {
  CreditNoteEventData,
  CreditNoteEvents,
  ExpenseEventData,
  InvoiceEventData,
  PaymentEventData,
  PaymentEvents,
} from '@billpoint/proto';
import { consumeEvents, GROUP_COMMIT, type ServiceContext, type Subscription } from '@billpoint/kit';
import { applyCreditNoteEvent } from './credit-notes.ts';
import { applyExpenseEvent } from './expenses.ts';
import { applyInvoiceEvent } from './invoices.ts';
import { organizationConsumers } from './organizations.ts';
import { applyPaymentEvent } from './payments.ts';

/**
 * The ledger's consumers: invoices and credit notes (billing), payments, expenses (this service's own events, through its outbox) and
 * organizations. Each is idempotent twice over: the kit's processed-message log skips an event id seen before, and
 * the postings are derived from versioned source state, so a redelivered or older event posts nothing.
 */
export async function ledgerConsumers(ctx: ServiceContext): Promise<Subscription[]> {
  const base = { orm: ctx.orm, schema: ctx.schema, bus: ctx.bus, logger: ctx.logger };
  return [
    ...(await organizationConsumers(ctx)),
    await consumeEvents({
      ...base,
      durable: 'tax-ledger-invoices',
      // A burst of invoices shares transactions (the ledger is written by its consumers only; a deadlock with the
      // payments consumer fails the batch, whose events are then handled one by one).
      batchSize: GROUP_COMMIT,
      subject: 'evt.billing.invoice.*',
      parse: (data) => InvoiceEventData.parse(data),
      handle: (event, em) => applyInvoiceEvent(em, event.tenantId, event),
    }),
    await consumeEvents({
      ...base,
      durable: 'tax-ledger-payments',
      subject: 'evt.payments.payment.*',
      parse: (data) => PaymentEventData.parse(data),
      handle: async (event, em) => {
        if (event.type === PaymentEvents.Failed) return;
        await applyPaymentEvent(em, event.tenantId, event);
      },
    }),
    await consumeEvents({
      ...base,
      durable: 'tax-ledger-credit-notes',
      subject: CreditNoteEvents.Created,
      parse: (data) => CreditNoteEventData.parse(data),
      handle: (event, em) => applyCreditNoteEvent(em, event.tenantId, event),
    }),
    await consumeEvents({
      ...base,
      durable: 'tax-ledger-expenses',
      subject: 'evt.tax.expense.*',
      parse: (data) => ExpenseEventData.parse(data),
      handle: (event, em) => applyExpenseEvent(em, event.tenantId, event),
    }),
  ];
}
