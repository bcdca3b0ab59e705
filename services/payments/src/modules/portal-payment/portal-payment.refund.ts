import { fromMills, fromMinor, toMinor } from '@billpoint/proto';
import type { ServiceContext } from '@billpoint/kit';
import type { Processors } from './portal-payment.open.ts';
import type { PortalPaymentRow } from './portal-payment.sql.ts';

/**
 * Money a processor took for a portal payment beyond the balances left when it completed (another payment came
 * first): given back through that processor with an idempotency key (overpayment.ts's rule for one invoice), so a
 * retry is the same refund. A failure is logged for the operator; the payment itself stays completed for what fitted.
 */
export async function refundPortalExcess(ctx: ServiceContext, p: Processors, row: PortalPaymentRow, excess: bigint): Promise<void> {
  const key = `billpoint-overpayment-${row.tenant_id}-${row.id}`;
  const metadata = { tenantId: row.tenant_id, portalPaymentId: row.id, reason: 'overpayment' };
  try {
    if (row.processor === 'stripe' && p.stripe && row.transaction_id) {
      await p.stripe.refunds.create(
        { payment_intent: row.transaction_id, amount: Number(toMinor(fromMills(excess), row.currency)), metadata },
        { idempotencyKey: key },
      );
    } else if (row.processor === 'paypal' && p.paypal && typeof row.metadata.captureId === 'string') {
      await p.paypal.payments.refundCapturedPayment({
        captureId: row.metadata.captureId,
        paypalRequestId: key,
        prefer: 'return=minimal',
        body: {
          amount: { currencyCode: row.currency, value: fromMinor(toMinor(fromMills(excess), row.currency), row.currency) },
          noteToPayer: 'Part of these invoices was already paid',
        },
      });
    } else return;
    ctx.logger.warn({ tenantId: row.tenant_id, portalPaymentId: row.id, excess: fromMills(excess) }, 'a portal overpayment was refunded');
  } catch (err) {
    ctx.logger.error({ err, tenantId: row.tenant_id, portalPaymentId: row.id }, 'refunding a portal overpayment failed');
  }
}
