import { CatalogProductRpc } from '@billpoint/proto';
import { rpcRespond, type ServiceContext, type Subscription } from '@billpoint/kit';
import { inCurrency } from './product.sql.ts';

/**
 * `rpc.catalog.product.get`: billing checks the products named on an invoice's or schedule's lines — all of them in
 * one request and one query: those ids that are this tenant's products, not deleted.
 */
export function productResponder(ctx: ServiceContext): Promise<Subscription> {
  return rpcRespond(
    ctx.bus,
    CatalogProductRpc,
    async ({ tenantId, ids }) => {
      const rows = await ctx.reader.query<{
        id: string;
        name: string;
        price: string;
        tax_rate: string;
        currency: string;
        is_active: boolean;
      }>(
        tenantId,
        `select id::text as id, name, price::text as price, tax_rate::text as tax_rate, currency, is_active from catalog.products
          where tenant_id = $1 and deleted_at is null and id in (select x::bigint from jsonb_array_elements_text($2::jsonb) x)`,
        [tenantId, JSON.stringify(ids)],
      );
      return rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        price: inCurrency(r.price, r.currency),
        taxRate: r.tax_rate,
        currency: r.currency,
        isActive: r.is_active,
      }));
    },
    { logger: ctx.logger },
  );
}
