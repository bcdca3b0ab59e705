import type Stripe from 'stripe';
import { scanTenants, type JobDefinition, type ServiceContext } from '@billpoint/kit';
import type { Ledger } from './ledger.ts';
import { applyIntent } from './card.ts';
import type { CreditNoteRefunds } from './credit-note-refund.ts';
import { PAYMENT_COLUMNS, type PaymentRow } from './payment.sql.ts';

export const EXPIRED_MESSAGE = 'The payment attempt expired';

export interface ExpiryOptions {
  /** Pending attempts older than this are abandoned (PAYMENT_INTENT_TTL_MINUTES). */
  ttlMinutes: number;
  /** The clock ages are measured by (tests move it). */
  now?: () => Date;
  /** Refunds of credit notes still pending (a processor refused them): tried again on every run. */
  creditNotes?: CreditNoteRefunds;
  /** Expires the portal's pending pay-several payments older than the cutoff (portal-payment.expiry.ts). */
  portal?: (cutoff: Date) => Promise<number>;
}

/**
 * One run of the payments housekeeping job, per tenant under RLS (tenants listed through the scan role):
 * - pending attempts older than the TTL become cancelled ("The payment attempt expired", a failed event), and their
 *   Stripe PaymentIntents are cancelled at Stripe; an intent paid meanwhile cannot be cancelled there and is applied
 *   at once (as a payment while it fits, else as an overpayment refunded), as its webhook would;
 * - overpayments whose refund has not gone through yet (the processor was away) are refunded again (same key);
 * - refunds of credit notes still pending (a processor refused a part) are tried again (credit-note-refund.ts);
 * - the portal's pending pay-several payments expire the same way (portal-payment.expiry.ts).
 * Answers what it did.
 */
export async function runPaymentExpiry(ctx: ServiceContext, ledger: Ledger, stripe: Stripe | null, o: ExpiryOptions) {
  const cutoff = new Date((o.now ?? (() => new Date()))().getTime() - o.ttlMinutes * 60_000);
  const tenants = await scanTenants(ctx.orm.em, ctx.schema, (em) =>
    em.execute<{ tenant_id: string }[]>(`select distinct tenant_id from payments.payments order by tenant_id`),
  );
  const done = { expired: 0, refunded: 0, creditNotes: 0 };
  for (const { tenant_id: tenantId } of tenants) {
    try {
      const rows = await ctx.tx({ tenantId }, (em) =>
        em.execute<PaymentRow[]>(
          `select ${PAYMENT_COLUMNS} from payments.payments p
            where p.tenant_id = ? and ((p.status = 'pending' and p.created_at < ?) or (p.status = 'overpaid' and p.refunded_amount < p.amount))
            order by p.id`,
          [tenantId, cutoff],
        ),
      );
      if (o.creditNotes) done.creditNotes += await o.creditNotes.retryPending(tenantId);
      for (const row of rows) {
        if (row.status === 'overpaid') {
          if (await ledger.settleOverpayment(tenantId, row)) done.refunded++;
          continue;
        }
        const cancelled = await ledger.cancel(tenantId, { id: Number(row.id) }, EXPIRED_MESSAGE);
        if (!cancelled?.changed) continue; // confirmed or failed meanwhile
        done.expired++;
        if (stripe && row.payment_processor === 'stripe' && row.transaction_id) await cancelAtStripe(stripe, tenantId, row.transaction_id);
      }
    } catch (err) {
      ctx.logger.error({ err, tenantId }, 'payment expiry failed for a tenant; will retry on the next run');
    }
  }
  async function cancelAtStripe(stripe: Stripe, tenantId: string, id: string) {
    try {
      await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' });
    } catch (err) {
      // Paid meanwhile (Stripe refuses to cancel a succeeded intent): applied now, without waiting for its webhook.
      const intent = await stripe.paymentIntents.retrieve(id).catch(() => null);
      if (intent?.status === 'succeeded') await applyIntent(ledger, tenantId, intent);
      else ctx.logger.warn({ err, tenantId, id }, 'cancelling an expired Stripe payment intent failed');
    }
  }
  if (o.portal) done.expired += await o.portal(cutoff);
  if (done.expired || done.refunded || done.creditNotes)
    ctx.logger.info(done, 'payment attempts expired, overpayments refunded, credit notes refunded');
  return done;
}

/** The job (`ServiceDefinition.jobs`): every `intervalMs` across all replicas together. */
export const paymentExpiryJob = (
  ctx: ServiceContext,
  ledger: Ledger,
  stripe: Stripe | null,
  o: ExpiryOptions & { intervalMs: number },
): JobDefinition => ({
  name: 'payment-expiry',
  intervalMs: o.intervalMs,
  run: () => runPaymentExpiry(ctx, ledger, stripe, o),
});
