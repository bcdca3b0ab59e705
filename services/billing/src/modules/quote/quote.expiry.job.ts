import { QuoteEvents } from '@billpoint/proto';
import { addEvent, scanTenants, type JobDefinition, type ServiceContext } from '@billpoint/kit';
import { CUSTOMER_JOIN, QUOTE_COLUMNS, quoteEventData, toQuote, type QuoteRow } from './quote.sql.ts';

/**
 * Moves sent and viewed quotes past their validUntil day (UTC) to expired, with one `quote.expired` each. Idempotent
 * and safe on every replica at once: the UPDATE locks each row and re-checks its WHERE after a concurrent change, so a
 * quote another run (or the customer's accept) changed meanwhile is skipped — each quote expires, and is announced,
 * exactly once. Tenants are found through the scan role (tenant id, status and validUntil columns only). Answers how
 * many quotes this run expired.
 */
export async function runQuoteExpiryJob(ctx: ServiceContext): Promise<number> {
  const tenants = await scanTenants(ctx.orm.em, ctx.schema, (em) =>
    em.execute<{ tenant_id: string }[]>(
      `select distinct tenant_id from billing.quotes
        where status in ('sent', 'viewed') and valid_until < (now() at time zone 'UTC')::date order by tenant_id`,
    ),
  );
  let expired = 0;
  for (const { tenant_id: tenantId } of tenants) {
    try {
      expired += await ctx.tx({ tenantId }, async (em) => {
        const rows = await em.execute<QuoteRow[]>(
          `with u as (
             update billing.quotes set status = 'expired', updated_at = now()
              where tenant_id = ? and status in ('sent', 'viewed') and valid_until < (now() at time zone 'UTC')::date
             returning *
           )
           select ${QUOTE_COLUMNS} from u i ${CUSTOMER_JOIN} order by i.id`,
          [tenantId],
        );
        for (const row of rows) addEvent(em, { subject: QuoteEvents.Expired, tenantId, actorId: null, data: quoteEventData(toQuote(row)) });
        return rows.length;
      });
    } catch (err) {
      ctx.logger.error({ err, tenantId }, 'quote expiry failed for a tenant; will retry on the next run');
    }
  }
  if (expired) ctx.logger.info({ expired }, 'quotes expired');
  return expired;
}

/** The quote expiry job: at start, then every `intervalMs` across all replicas together (the kit's job runner). */
export const quoteExpiryJob = (ctx: ServiceContext, intervalMs: number): JobDefinition => ({
  name: 'quote-expiry',
  intervalMs,
  run: () => runQuoteExpiryJob(ctx),
});
