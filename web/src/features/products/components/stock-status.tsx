import type { Product, StockStatus } from '@billpoint/proto';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** in_stock green, low_stock yellow, out_of_stock red; a product whose stock is not tracked (a service) says so. */
const STATUS: Record<StockStatus, { label: string; className: string }> = {
  in_stock: { label: 'In Stock', className: 'bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300' },
  low_stock: { label: 'Low Stock', className: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-500/15 dark:text-yellow-300' },
  out_of_stock: { label: 'Out of Stock', className: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300' },
};

const NOT_TRACKED = 'Not tracked';

export function StockStatusBadge({ status }: { status: StockStatus | null }) {
  const known = status ? STATUS[status] : undefined;
  return (
    <Badge
      variant={known ? 'default' : 'outline'}
      data-status={status ?? 'not-tracked'}
      className={cn(known && ['border-transparent', known.className], !known && 'text-muted-foreground')}
    >
      {known?.label ?? NOT_TRACKED}
    </Badge>
  );
}

/** At or below the low-stock threshold: shown in red. */
export const isAtOrBelowThreshold = (p: Pick<Product, 'stockQuantity' | 'lowStockThreshold'>) =>
  p.stockQuantity != null && p.stockQuantity <= p.lowStockThreshold;

/** The Quantity column: the count (red at or below the threshold), or 'Not tracked'. */
export function StockQuantity({ product }: { product: Pick<Product, 'trackInventory' | 'stockQuantity' | 'lowStockThreshold'> }) {
  if (!product.trackInventory || product.stockQuantity == null) return <span className="text-muted-foreground">{NOT_TRACKED}</span>;
  const low = isAtOrBelowThreshold(product);
  return (
    <span data-low={low} className={cn('tabular-nums', low && 'font-semibold text-red-600 dark:text-red-400')}>
      {product.stockQuantity.toLocaleString('en-US')}
    </span>
  );
}
