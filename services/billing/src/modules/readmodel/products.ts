import { CatalogProductRpc } from '@billpoint/proto';
import { Invalid, rpcCall, type ServiceContext } from '@billpoint/kit';

/**
 * Every product an invoice or schedule line names must be an active product of the tenant: asked of the catalog
 * over NATS (`rpc.catalog.product.get`), all distinct ids in one request. A 400 names the first line at fault.
 */
export async function checkProducts(ctx: ServiceContext, tenantId: string, items: readonly { productId?: number | null }[]): Promise<void> {
  const ids = [...new Set(items.map((it) => it.productId).filter((id): id is number => id != null))];
  if (!ids.length) return;
  const found = await rpcCall(ctx.bus, CatalogProductRpc, { tenantId, ids }, { timeoutMs: 5_000 });
  const usable = new Set(found.filter((p) => p.isActive).map((p) => p.id));
  const bad = items.findIndex((it) => it.productId != null && !usable.has(it.productId));
  if (bad >= 0) throw new Invalid('Product not found', `items.${bad}.productId`);
}
