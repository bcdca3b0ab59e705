import { scanTenants, type ServiceContext } from '@billpoint/kit';
import { EXPIRED_MESSAGE } from '../payment/expiry.ts';
import { applyPortalIntent } from './portal-payment.confirm.ts';
import type { Processors } from './portal-payment.open.ts';

/**
 * The expiry job's part for the portal (expiry.ts): pending portal payments older than `cutoff` become cancelled,
 * their Stripe PaymentIntents cancelled at Stripe; one paid meanwhile (Stripe refuses to cancel it) is applied at
 * once, as its webhook would. Answers how many expired.
 */
export async function expirePortalPayments(ctx: ServiceContext, p: Processors, cutoff: Date): Promise<number> {
  const tenants = await scanTenants(ctx.orm.em, ctx.schema, (em) =>
    em.execute<{ tenant_id: string }[]>(`select distinct tenant_id from payments.portal_payments order by tenant_id`),
  );
  let expired = 0;
  for (const { tenant_id: tenantId } of tenants) {
    try {
      const rows = await ctx.tx({ tenantId }, (em) =>
        em.execute<{ id: string; processor: string; transaction_id: string | null }[]>(
          `update payments.portal_payments set status = 'cancelled', failure_message = ?, updated_at = now()
            where tenant_id = ? and status = 'pending' and created_at < ? returning id::text as id, processor, transaction_id`,
          [EXPIRED_MESSAGE, tenantId, cutoff],
        ),
      );
      expired += rows.length;
      for (const row of rows) {
        if (row.processor !== 'stripe' || !p.stripe || !row.transaction_id) continue;
        try {
          await p.stripe.paymentIntents.cancel(row.transaction_id, { cancellation_reason: 'abandoned' });
        } catch (err) {
          const intent = await p.stripe.paymentIntents.retrieve(row.transaction_id).catch(() => null);
          if (intent?.status === 'succeeded') await applyPortalIntent(ctx, p, tenantId, intent);
          else ctx.logger.warn({ err, tenantId, id: row.id }, 'cancelling an expired portal payment intent failed');
        }
      }
    } catch (err) {
      ctx.logger.error({ err, tenantId }, 'portal payment expiry failed for a tenant; will retry on the next run');
    }
  }
  return expired;
}
