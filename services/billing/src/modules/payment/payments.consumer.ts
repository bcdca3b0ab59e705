import { InvoiceEvents, PaymentEventData, type PaymentEventData as PaymentData } from '@billpoint/proto';
import { addEvent, consumeEvents, type EntityManager, type ServiceContext, type Subscription } from '@billpoint/kit';
import { eventData } from '../invoice/invoice.service.ts';
import { loadInvoice } from '../invoice/invoice.send.ts';

/**
 * The order payment states move in. An attempt cancelled (expired) may still complete when its processor took the
 * money meanwhile, so cancelled comes before completed; overpaid (money refunded, never counted) is not announced by
 * payments, and is placed before completed so that it could never hide a completion.
 */
const STATUS_ORDER = `array['pending','cancelled','failed','overpaid','completed','refunded']`;

/**
 * Applies a payment event to its invoice. Billing keeps each payment's latest state by payment id; a state only
 * moves forward (STATUS_ORDER; the refunded amount only grows), so a redelivered or
 * out-of-order event changes nothing. The invoice's amountPaid is then the sum of completed payments minus refunds:
 * it becomes paid (paidAt) once that reaches the total, refunded once refunds have taken everything paid back, and
 * back to sent/overdue when a partial refund of a paid invoice leaves a balance. The copy keeps the method, currency,
 * base amount and date of the payment too: the analytics' payment rollup (`stats_payments`) is kept from it by trigger.
 */
export async function applyPayment(em: EntityManager, tenantId: string, p: PaymentData): Promise<void> {
  await em.execute(
    `insert into billing.invoice_payments
       (tenant_id, payment_id, invoice_id, amount, refunded_amount, status, method, currency, amount_base, payment_date)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (tenant_id, payment_id) do update set
       refunded_amount = greatest(invoice_payments.refunded_amount, excluded.refunded_amount),
       status = case when array_position(${STATUS_ORDER}, excluded.status) > array_position(${STATUS_ORDER}, invoice_payments.status)
                     then excluded.status else invoice_payments.status end,
       updated_at = now()`,
    [tenantId, p.id, p.invoiceId, p.amount, p.refundedAmount, p.status, p.paymentMethod, p.currency, p.amountInBaseCurrency, p.paymentDate],
  );
  const before = await loadInvoice(em, tenantId, p.invoiceId, true);
  if (!before) return; // the invoice was deleted meanwhile: the payment stays recorded
  await em.execute(
    `with s as (
       select coalesce(sum(amount - refunded_amount) filter (where status in ('completed', 'refunded')), 0) as paid,
              coalesce(bool_or(refunded_amount > 0), false) as refunded
         from billing.invoice_payments where tenant_id = ? and invoice_id = ?
     )
     update billing.invoices i set
       amount_paid = s.paid,
       status = case
         when i.status = 'cancelled' then i.status
         when s.paid >= i.total and i.total > 0 then 'paid'
         when s.paid = 0 and s.refunded then 'refunded'
         when i.status in ('paid', 'refunded') then case when i.due_date < current_date then 'overdue' else 'sent' end
         else i.status end,
       paid_at = case when s.paid >= i.total and i.total > 0 then coalesce(i.paid_at, now()) else null end,
       updated_at = now()
     from s where i.id = ? and i.tenant_id = ?`,
    [tenantId, p.invoiceId, p.invoiceId, tenantId],
  );
  const after = (await loadInvoice(em, tenantId, p.invoiceId))!;
  if (after.amountPaid === before.amountPaid && after.status === before.status) return;
  const data = eventData(after);
  addEvent(em, { subject: InvoiceEvents.Updated, tenantId, actorId: null, data });
  if (after.status === 'paid' && before.status !== 'paid') addEvent(em, { subject: InvoiceEvents.Paid, tenantId, actorId: null, data });
}

/** Billing's consumer of `evt.payments.payment.*` (idempotent: the kit's processed-message log + forward-only states). */
export function paymentsConsumer(ctx: ServiceContext): Promise<Subscription> {
  return consumeEvents({
    orm: ctx.orm,
    schema: ctx.schema,
    bus: ctx.bus,
    logger: ctx.logger,
    durable: 'billing-payments',
    subject: 'evt.payments.payment.*',
    parse: (data) => PaymentEventData.parse(data),
    handle: (event, em) => applyPayment(em, event.tenantId, event.data),
  });
}
