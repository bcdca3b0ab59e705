import {
  type EventEnvelope as Envelope,
  ExpenseEventData,
  ExpenseEvents,
  InvoiceEventData,
  InvoiceEvents,
  RecurringEventData,
  RecurringEvents,
} from '@billpoint/proto';
import { consumeEvents, readModel, type EntityManager, type ServiceContext, type Subscription } from '@billpoint/kit';

/** Marks the tenant as one the daily job regenerates insights for (idempotent). */
const known = (em: EntityManager, tenantId: string) =>
  em.execute(`insert into ai.insight_runs (tenant_id) values (?) on conflict do nothing`, [tenantId]);

/** One facts consumer: idempotent (the kit's log), and every event marks its tenant as known before `handle`. */
function consumeFacts<T>(
  ctx: ServiceContext,
  durable: string,
  subject: string,
  parse: (data: unknown) => T,
  handle: (event: Envelope<T>, em: EntityManager) => Promise<unknown>,
): Promise<Subscription> {
  return consumeEvents({
    orm: ctx.orm,
    schema: ctx.schema,
    bus: ctx.bus,
    logger: ctx.logger,
    durable,
    subject,
    parse,
    async handle(event, em) {
      await known(em, event.tenantId);
      await handle(event, em);
    },
  });
}

/**
 * The facts the insight rules read, kept from events (each consumer idempotent: the kit's processed-message log,
 * and versioned upserts so out-of-order events converge on the newest version):
 * - invoices from `evt.billing.invoice.*` (versioned by `updatedAt`; a delete is final);
 * - recurring schedules from `evt.billing.subscription.*` (a cancellation deletes the schedule at billing; here it
 *   is kept with `cancelled_at`, the churn rule counts it);
 * - expenses from `evt.tax.expense.*`.
 */
export function insightFacts(ctx: ServiceContext): Promise<Subscription>[] {
  const invoices = readModel<InvoiceEventData, number, string>(ctx, {
    table: 'invoice_facts',
    durable: 'ai-invoice-facts',
    subject: 'evt.billing.invoice.*',
    upsertOn: {},
    deleteOn: {},
    key: (i) => i.id,
    version: (i) => i.updatedAt,
    columns: {
      customer_id: (i) => i.customerId,
      customer_name: (i) => i.customer?.company || i.customer?.name || null,
      status: (i) => i.status,
      currency: (i) => i.currency,
      total: (i) => i.total,
      balance_due: (i) => i.balanceDue,
      tax_amount: (i) => i.taxAmount,
      issue_date: (i) => i.issueDate,
      due_date: (i) => i.dueDate,
      paid_at: (i) => i.paidAt,
    },
  });
  const expenses = readModel<ExpenseEventData, number, string>(ctx, {
    table: 'expense_facts',
    durable: 'ai-expense-facts',
    subject: 'evt.tax.expense.*',
    upsertOn: {},
    deleteOn: {},
    key: (e) => e.id,
    version: (e) => e.updatedAt,
    columns: { category_id: (e) => e.categoryId, amount: (e) => e.amount, currency: (e) => e.currency, date: (e) => e.date },
  });

  const invoiceConsumer = consumeFacts(
    ctx,
    'ai-invoice-facts',
    'evt.billing.invoice.*',
    (d) => InvoiceEventData.parse(d),
    (event, em) =>
      event.type === InvoiceEvents.Deleted
        ? invoices.remove(em, event.tenantId, event.data.id)
        : invoices.upsert(em, event.tenantId, event.data),
  );

  const expenseConsumer = consumeFacts(
    ctx,
    'ai-expense-facts',
    'evt.tax.expense.*',
    (d) => ExpenseEventData.parse(d),
    (event, em) =>
      event.type === ExpenseEvents.Deleted || event.data.deleted
        ? expenses.remove(em, event.tenantId, event.data.id)
        : expenses.upsert(em, event.tenantId, event.data),
  );

  const scheduleConsumer = consumeFacts(
    ctx,
    'ai-schedule-facts',
    'evt.billing.subscription.*',
    (d) => RecurringEventData.parse(d),
    async (event, em) => {
      const s = event.data;
      const cancelled = event.type === RecurringEvents.Cancelled ? event.occurredAt : null;
      // Versioned like a read model; a cancellation is final (a late update never revives the schedule).
      await em.execute(
        `insert into ai.schedule_facts as x (tenant_id, id, customer_id, customer_name, is_active, frequency,
           next_invoice_date, currency, total, cancelled_at, version)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (tenant_id, id) do update set customer_id = excluded.customer_id, customer_name = excluded.customer_name,
           is_active = excluded.is_active, frequency = excluded.frequency, next_invoice_date = excluded.next_invoice_date,
           currency = excluded.currency, total = excluded.total, version = excluded.version,
           cancelled_at = coalesce(x.cancelled_at, excluded.cancelled_at)
         where x.cancelled_at is null and (x.version is null or x.version <= excluded.version or excluded.cancelled_at is not null)`,
        [
          event.tenantId,
          s.id,
          s.customerId,
          s.customer?.name ?? null,
          cancelled ? false : s.isActive,
          s.frequency,
          s.nextInvoiceDate,
          s.currency,
          s.total,
          cancelled,
          s.updatedAt,
        ],
      );
    },
  );
  return [invoiceConsumer, expenseConsumer, scheduleConsumer];
}
