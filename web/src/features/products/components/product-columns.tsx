import { Pencil, Trash } from 'lucide-react';
import type { Product } from '@billpoint/proto';
import { IconAction } from '@/components/icon-action';
import type { Column } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { StockQuantity, StockStatusBadge } from './stock-status';

const none = <span className="text-muted-foreground">—</span>;

type Handlers = { onDelete: (p: Product) => void; deleting: boolean; canDelete: boolean };

/** The columns: Product, SKU, Category, Price, Stock Status, Quantity, Revenue, Actions. */
export const productColumns = ({ onDelete, deleting, canDelete }: Handlers): Column<Product>[] => [
  {
    header: 'Product',
    stack: 'primary',
    className: 'max-w-72 whitespace-normal',
    cell: (p) => (
      <>
        <div className="flex flex-wrap items-center gap-2 font-medium">
          {p.name}
          {!p.isActive && <Badge variant="secondary">Inactive</Badge>}
        </div>
        {p.description && <div className="line-clamp-1 text-xs text-muted-foreground">{p.description}</div>}
      </>
    ),
  },
  { header: 'SKU', cell: (p) => (p.sku ? <span className="font-mono text-xs">{p.sku}</span> : none) },
  { header: 'Category', cell: (p) => p.category ?? none },
  {
    header: 'Price',
    className: 'tabular-nums',
    cell: (p) => (
      <>
        {formatMoney(p.price, p.currency)}
        {p.unitOfMeasure && <span className="text-xs text-muted-foreground"> / {p.unitOfMeasure}</span>}
      </>
    ),
  },
  { header: 'Stock Status', cell: (p) => <StockStatusBadge status={p.stockStatus} /> },
  { header: 'Quantity', testId: 'product-quantity', cell: (p) => <StockQuantity product={p} /> },
  { header: 'Revenue', className: 'tabular-nums', cell: (p) => formatMoney(p.revenue, p.currency) },
  {
    header: 'Actions',
    stack: 'actions',
    cell: (p) => (
      <div className="flex">
        <IconAction label="Edit product" name={`Edit product: ${p.name}`} icon={Pencil} to={paths.productEdit.getHref(p.id)} />
        {canDelete && (
          <IconAction
            label="Delete product"
            name={`Delete product: ${p.name}`}
            icon={Trash}
            destructive
            disabled={deleting}
            onClick={() => onDelete(p)}
          />
        )}
      </div>
    ),
  },
];
