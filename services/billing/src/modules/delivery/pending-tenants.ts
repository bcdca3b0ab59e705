import { scanTenants, type ServiceContext } from '@billpoint/kit';

/**
 * Runs `deliver` for `tenantId`, or else for every tenant with a pending row in `table` (`pending` is its SQL
 * condition), one tenant at a time: a tenant whose mail fails is logged and left for the next run, never stopping
 * the others. Answers the sum of what `deliver` answered (mails sent). Shared by the invoice deliveries and the
 * receipt e-mails.
 */
export async function forEachPendingTenant(
  ctx: ServiceContext,
  o: { tenantId?: string; table: string; pending: string; what: string },
  deliver: (tenantId: string) => Promise<number>,
): Promise<number> {
  const tenants = o.tenantId
    ? [o.tenantId]
    : (
        await scanTenants(ctx.orm.em, ctx.schema, (em) =>
          em.execute<{ tenant_id: string }[]>(`select distinct tenant_id from ${o.table} where ${o.pending}`),
        )
      ).map((r) => r.tenant_id);
  let sent = 0;
  for (const tenantId of tenants) {
    try {
      sent += await deliver(tenantId);
    } catch (err) {
      ctx.logger.error({ err, tenantId }, `${o.what} failed for a tenant; will retry on the next run`);
    }
  }
  return sent;
}
