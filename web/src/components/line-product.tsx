import { useQuery } from '@tanstack/react-query';
import { Package, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { productQueryOptions } from '@/lib/products';

/**
 * The product a line names (name, SKU, a note when it is priced in another currency than the invoice or schedule) with a control
 * to clear it; the line's tax is its own column (LineTaxField).
 */
export function LineProduct({
  productId,
  currency,
  itemLabel,
  onClear,
}: {
  productId: number | null | undefined;
  currency: string;
  itemLabel: string;
  onClear: () => void;
}) {
  const linked = productId != null;
  const { data: product, isError } = useQuery({ ...productQueryOptions(String(productId)), enabled: linked });
  if (!linked) return null;

  return (
    <div className="flex min-h-7 flex-wrap items-center gap-x-2 text-xs text-muted-foreground" data-testid="line-product">
      <Package className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="font-medium text-foreground">
        {product ? product.name : isError ? `Product #${productId} (no longer in the catalog)` : `Product #${productId}`}
      </span>
      {product?.sku && <span className="font-mono">{product.sku}</span>}
      {product && product.currency !== currency && <span className="text-destructive">priced in {product.currency}</span>}
      <WithTooltip label="Clear product">
        <Button variant="ghost" size="icon" className="size-6" aria-label={`Clear product (${itemLabel})`} onClick={onClear}>
          <X aria-hidden="true" />
        </Button>
      </WithTooltip>
    </div>
  );
}
