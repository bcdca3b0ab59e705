import type Stripe from 'stripe';
import type { Order } from '@paypal/paypal-server-sdk';
import { DEMO_DECLINE_CARD, toMinor, type PortalPaymentConfirmation } from '@billpoint/proto';
import { AppError, BadGateway, Invalid, NotFound, scanTenants, type ServiceContext } from '@billpoint/kit';
import { demoCardDigits, PaymentDeclined } from '../payment/card.ts';
import type { PaymentRow } from '../payment/payment.sql.ts';
import { admitPortalPayment, completePortalPayment, type PortalCompleted } from './portal-payment.complete.ts';
import type { PortalCaller, Processors } from './portal-payment.open.ts';
import { findPortalPayment, toPortalPayment, updatePortalPayment, type PortalPaymentRow } from './portal-payment.sql.ts';
import { refundPortalExcess } from './portal-payment.refund.ts';

/** Whether a PaymentIntent is the portal payment `row` (amount, currency and our metadata all match). */
export function portalIntentMatches(row: PortalPaymentRow, intent: Stripe.PaymentIntent): boolean {
  return (
    intent.id === row.transaction_id &&
    BigInt(intent.amount) === toMinor(row.total, row.currency) &&
    intent.currency === row.currency.toLowerCase() &&
    intent.metadata?.portalPaymentId === row.id &&
    intent.metadata?.tenantId === row.tenant_id
  );
}

/**
 * Applies a PaymentIntent of a portal payment as Stripe reports it (the confirmation or the webhook): succeeded and
 * matching → completed (what no longer fits a balance is refunded); failed → failed with Stripe's message.
 */
export async function applyPortalIntent(
  ctx: ServiceContext,
  p: Processors,
  tenantId: string,
  intent: Stripe.PaymentIntent,
): Promise<{ done: PortalCompleted | null; declined?: string }> {
  const id = intent.metadata?.portalPaymentId;
  if (!id) return { done: null };
  if (intent.status === 'succeeded') {
    const done = await completePortalPayment(ctx, tenantId, id, {
      taken: true,
      verify: (row) => {
        if (!portalIntentMatches(row, intent)) throw new Invalid('The payment does not match these invoices', 'paymentIntentId');
      },
    });
    if (done && done.excess > 0n) await refundPortalExcess(ctx, p, done.row, done.excess);
    return { done };
  }
  if (intent.last_payment_error && (intent.status === 'requires_payment_method' || intent.status === 'canceled')) {
    const message = intent.last_payment_error.message ?? 'The card was declined.';
    await fail(ctx, tenantId, id, message);
    return { done: null, declined: message };
  }
  return { done: null };
}

const fail = (ctx: ServiceContext, tenantId: string, id: string, message: string) =>
  ctx.tx({ tenantId }, (em) =>
    updatePortalPayment(em, tenantId, id, `status = case when status = 'pending' then 'failed' else status end, failure_message = ?`, [
      message.slice(0, 500),
    ]),
  );

/**
 * POST /api/portal/payments/{id}/confirm: demo mode takes the demo card form's number (the pay page's rules: a
 * number a real form refuses is a 400, the decline number a 402); Stripe's intent is retrieved and applied when it
 * succeeded; a PayPal order is captured once approved. Confirming again answers the same completed payment.
 */
export async function confirmPortalPayment(
  ctx: ServiceContext,
  p: Processors,
  caller: PortalCaller,
  id: string,
  cardNumber: string | undefined,
): Promise<PortalPaymentConfirmation> {
  const row = await ctx.tx({ tenantId: caller.tenantId }, (em) =>
    findPortalPayment(em, caller.tenantId, id, { customerId: caller.customerId }),
  );
  if (!row) throw new NotFound('Payment not found');
  if (row.processor !== 'demo' && cardNumber !== undefined) throw new Invalid('A card number is only taken in demo mode', 'cardNumber');
  if (row.status === 'pending' || (row.processor !== 'demo' && row.status === 'cancelled')) {
    if (row.processor === 'demo') {
      const digits = demoCardDigits(cardNumber);
      if (digits === DEMO_DECLINE_CARD) {
        await fail(ctx, caller.tenantId, id, 'Your card was declined.');
        throw new PaymentDeclined('Your card was declined.');
      }
      await completePortalPayment(ctx, caller.tenantId, id, { taken: false, extra: { demo: true, last4: digits.slice(-4) } });
    } else if (row.processor === 'stripe') {
      if (!p.stripe || !row.transaction_id) throw new NotFound('Card payments are not available');
      let intent: Stripe.PaymentIntent;
      try {
        intent = await p.stripe.paymentIntents.retrieve(row.transaction_id);
      } catch (err) {
        ctx.logger.warn({ err, id }, 'retrieving the Stripe payment intent failed');
        throw new BadGateway('The payment could not be confirmed with the card processor. Please try again.');
      }
      const applied = await applyPortalIntent(ctx, p, caller.tenantId, intent);
      if (applied.declined) throw new PaymentDeclined(applied.declined);
    } else {
      await capturePaypal(ctx, p, caller.tenantId, row);
    }
  }
  return answer(ctx, caller.tenantId, id);
}

/** Captures the portal payment's approved PayPal order (once: PayPal answers a second capture with the first), then completes it. */
async function capturePaypal(ctx: ServiceContext, p: Processors, tenantId: string, row: PortalPaymentRow) {
  if (!p.paypal || !row.transaction_id) throw new NotFound('PayPal is not available');
  const orderId = row.transaction_id;
  let order: Order;
  try {
    order = (await p.paypal.orders.getOrder({ id: orderId })).result;
    if (order.status === 'APPROVED') {
      // Nothing is captured that no longer fits a balance: refused (409) and cancelled before PayPal takes money.
      await admitPortalPayment(ctx, tenantId, row);
      order = await p.paypal.orders
        .captureOrder({ id: orderId, prefer: 'return=representation' })
        .then((r) => r.result)
        // A capture racing ours (another confirmation) leaves the order COMPLETED: read it again.
        .catch(async () => (await p.paypal!.orders.getOrder({ id: orderId })).result);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.logger.warn({ id: row.id }, 'capturing the PayPal order of a portal payment failed');
    throw new PaymentDeclined('There was an error processing your PayPal payment.');
  }
  const unit = order.purchaseUnits?.[0];
  const capture = unit?.payments?.captures?.find((c) => c.status === 'COMPLETED');
  const matches =
    order.status === 'COMPLETED' &&
    unit?.customId === row.id &&
    capture?.amount?.currencyCode === row.currency &&
    toMinor(capture.amount.value, row.currency) === toMinor(row.total, row.currency);
  if (!matches) throw new PaymentDeclined('Failed to confirm PayPal payment.');
  const done = await completePortalPayment(ctx, tenantId, row.id, { taken: true, extra: { captureId: capture!.id } });
  if (done && done.excess > 0n) await refundPortalExcess(ctx, p, done.row, done.excess);
}

/** The portal payment and the state of each invoice's payment. */
export async function answer(ctx: ServiceContext, tenantId: string, id: string): Promise<PortalPaymentConfirmation> {
  const { row, payments } = await ctx.tx({ tenantId }, async (em) => ({
    row: (await findPortalPayment(em, tenantId, id))!,
    payments: await em.execute<Pick<PaymentRow, 'id' | 'invoice_id' | 'status'>[]>(
      `select id::text as id, invoice_id::text as invoice_id, status from payments.payments
        where tenant_id = ? and portal_payment_id = ?::uuid order by invoice_id`,
      [tenantId, id],
    ),
  }));
  return {
    success: row.status === 'completed',
    demoMode: row.processor === 'demo',
    payment: toPortalPayment(row),
    paymentStatuses: payments.map((x) => ({ invoiceId: Number(x.invoice_id), paymentId: Number(x.id), status: x.status })),
  };
}

/** The tenant of a portal payment's processor transaction (webhooks name no tenant), through the scan role. */
async function tenantOfPortal(ctx: ServiceContext, processor: string, transactionId: string): Promise<string | null> {
  const rows = await scanTenants(ctx.orm.em, ctx.schema, (em) =>
    em.execute<{ tenant_id: string }[]>(`select tenant_id from payments.portal_payments where processor = ? and transaction_id = ?`, [
      processor,
      transactionId,
    ]),
  );
  return rows[0]?.tenant_id ?? null;
}

/** Stripe's webhook for a portal payment's intent: applied when the intent is one of ours (found by its id, not by its metadata alone). */
export function portalIntentWebhook(ctx: ServiceContext, p: Processors) {
  return async (intent: Stripe.PaymentIntent): Promise<void> => {
    const tenantId = await tenantOfPortal(ctx, 'stripe', intent.id);
    if (!tenantId) return void ctx.logger.info({ id: intent.id }, 'a portal payment intent that is not ours');
    await applyPortalIntent(ctx, p, tenantId, intent);
  };
}
