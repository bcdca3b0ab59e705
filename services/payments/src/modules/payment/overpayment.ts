import type Stripe from 'stripe';
import type { Paypal } from '../providers/paypal.ts';
import type { Refunder } from './ledger.ts';
import type { PaymentRow } from './payment.sql.ts';

/** One key per overpayment: a retried refund (the expiry job's, the SDK's) is the same refund at the processor. */
export const overpaymentKey = (tenantId: string, row: PaymentRow) => `billpoint-overpayment-${tenantId}-${row.id}`;

/**
 * How money a processor took beyond an invoice's balance goes back: Stripe refunds the whole PaymentIntent, PayPal
 * refunds the capture, both with an idempotency key; the demo processor took nothing real, so its refund is at once.
 */
export function processorRefunds(stripe: Stripe | null, paypal: Paypal | null): Refunder {
  return async (tenantId, row) => {
    const metadata = { tenantId, paymentId: row.id, reason: 'overpayment' };
    if (row.payment_processor === 'stripe') {
      if (!stripe || !row.transaction_id) throw new Error('Stripe is not configured: the overpayment cannot be refunded');
      await stripe.refunds.create({ payment_intent: row.transaction_id, metadata }, { idempotencyKey: overpaymentKey(tenantId, row) });
      return;
    }
    if (row.payment_processor === 'paypal') {
      const captureId = typeof row.metadata.captureId === 'string' ? row.metadata.captureId : null;
      if (!paypal || !captureId) throw new Error('PayPal is not configured or the capture is unknown: the overpayment cannot be refunded');
      await paypal.payments.refundCapturedPayment({
        captureId,
        paypalRequestId: overpaymentKey(tenantId, row),
        prefer: 'return=minimal',
        body: { noteToPayer: `Invoice ${row.invoice_number} was already paid` },
      });
      return;
    }
    if (row.payment_processor !== 'demo') throw new Error(`No refunds through ${row.payment_processor ?? 'no processor'}`);
  };
}
