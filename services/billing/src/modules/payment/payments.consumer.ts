import { PaymentEventData, type PaymentEventData as PaymentData } from '@billpoint/proto';
import { consumeEvents, type EntityManager, type ServiceContext, type Subscription } from '@billpoint/kit';
import { refreshStanding } from '../invoice/standing.ts';

/**
 * The order payment states move in. An attempt cancelled (expired) may still complete when its processor took the
 * money meanwhile, so cancelled comes before completed; overpaid (money refunded, never counted) is not announced by
 * payments, and is placed before completed so that it could never hide a completion.
 */
const STATUS_ORDER = `array['pending','cancelled','failed','overpaid','completed','refunded']`;

/**
 * Applies a payment event to its invoice. Billing keeps each payment's latest state by payment id; a state only
 * moves forward (STATUS_ORDER; the refunded amount only grows), so a redelivered or
 * out-of-order event changes nothing. The invoice's amountPaid is then the sum of completed payments minus refunds,
 * and its balance and status follow from the money model of invoice/standing.ts (refreshStanding): paid once nothing
 * is left to pay, refunded once refunds have taken everything paid back, back to sent/overdue when a partial refund
 * of a paid invoice leaves a balance. The copy keeps the method, currency,
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
  // The invoice's amount paid, balance and status follow from it (nothing when the invoice was deleted meanwhile:
  // the payment stays recorded).
  await refreshStanding(em, tenantId, p.invoiceId);
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
