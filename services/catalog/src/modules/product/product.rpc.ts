import { CatalogProductRpc } from '@billpoint/proto';
import { NotFound, rpcRespond, type ServiceContext, type Subscription } from '@billpoint/kit';
import type { ProductService } from './product.service.ts';

/** `rpc.catalog.product.get`: billing checks a product named on an invoice line (this tenant's, not deleted). */
export function productResponder(ctx: ServiceContext, products: ProductService): Promise<Subscription> {
  return rpcRespond(
    ctx.bus,
    CatalogProductRpc,
    async ({ tenantId, id }) => {
      try {
        const p = await products.get({ tenantId }, id);
        return { id: p.id, name: p.name, price: p.price, taxRate: p.taxRate, currency: p.currency, isActive: p.isActive };
      } catch (err) {
        if (err instanceof NotFound) return null;
        throw err;
      }
    },
    { logger: ctx.logger },
  );
}
