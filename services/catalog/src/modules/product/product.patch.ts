import { priceDecimalsProblem, ProductEvents, type Product, type ProductPatch } from '@billpoint/proto';
import { addEvent, Invalid, storedMetadata, type Identity, type ServiceContext } from '@billpoint/kit';
import { changed, inCurrency, loadProduct, skuTaken, writeProduct } from './product.sql.ts';

/**
 * PATCH /api/products/{id} (the public API): only the fields sent change, the others keep their stored values. The
 * price's decimals are checked against the currency that will apply (sent or stored): a JPY product's price has none,
 * so sending JPY for a product priced 12.50, or 12.50 for a JPY product, is a 400 naming `price` and writes nothing.
 * What changes nothing (nothing sent, or the stored values) answers the product as it is, its updatedAt kept; an actual
 * change is `product.updated` in the outbox of the same transaction.
 */
export function patchProduct(ctx: ServiceContext, id: Identity, productId: number, input: ProductPatch): Promise<Product> {
  const sent = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as ProductPatch;
  return ctx
    .tx(id, async (em) => {
      const current = await loadProduct(em, id.tenantId, productId, true);
      const next = { ...current, ...sent, metadata: storedMetadata(current.metadata, sent.metadata) };
      const problem = priceDecimalsProblem(next.price, next.currency);
      if (problem) throw new Invalid(problem, 'price');
      // As the product would answer: the price in its currency's minor units, no threshold as 0.
      if (!changed(current, { ...next, price: inCurrency(next.price, next.currency), lowStockThreshold: next.lowStockThreshold ?? 0 }))
        return current;
      await writeProduct(em, id.tenantId, productId, next);
      const updated = await loadProduct(em, id.tenantId, productId);
      if (changed(current, updated))
        addEvent(em, { subject: ProductEvents.Updated, tenantId: id.tenantId, actorId: id.userId, data: updated });
      return updated;
    })
    .catch(skuTaken(sent.sku));
}
