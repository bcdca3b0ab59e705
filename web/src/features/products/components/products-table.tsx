import { Pencil, Trash } from 'lucide-react';
import type { Product } from '@billpoint/proto';
import { IconAction } from '@/components/icon-action';
import { TableSkeletonRows } from '@/components/list-parts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { StockQuantity, StockStatusBadge } from './stock-status';
import { usePermission } from '@/lib/auth';

const COLUMNS = ['Product', 'SKU', 'Category', 'Price', 'Stock Status', 'Quantity', 'Revenue', 'Actions'];
const SKELETON_ROWS = 5;
const none = <span className="text-muted-foreground">—</span>;

function ProductRow({ product: p, onDelete, deleting }: { product: Product; onDelete: (p: Product) => void; deleting: boolean }) {
  const canDelete = usePermission('products.delete');
  return (
    <TableRow data-testid="product-row">
      <TableCell className="max-w-72 whitespace-normal">
        <div className="flex items-center gap-2 font-medium">
          {p.name}
          {!p.isActive && <Badge variant="secondary">Inactive</Badge>}
        </div>
        {p.description && <div className="line-clamp-1 text-xs text-muted-foreground">{p.description}</div>}
      </TableCell>
      <TableCell>{p.sku ? <span className="font-mono text-xs">{p.sku}</span> : none}</TableCell>
      <TableCell>{p.category ?? none}</TableCell>
      <TableCell className="tabular-nums">
        {formatMoney(p.price, p.currency)}
        {p.unitOfMeasure && <span className="text-xs text-muted-foreground"> / {p.unitOfMeasure}</span>}
      </TableCell>
      <TableCell>
        <StockStatusBadge status={p.stockStatus} />
      </TableCell>
      <TableCell data-testid="product-quantity">
        <StockQuantity product={p} />
      </TableCell>
      <TableCell className="tabular-nums">{formatMoney(p.revenue, p.currency)}</TableCell>
      <TableCell>
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
      </TableCell>
    </TableRow>
  );
}

/** Areas §2: Product, SKU, Category, Price, Stock Status, Quantity, Revenue, Actions; skeleton rows while loading. */
export function ProductsTable({
  products,
  loading,
  busy,
  onDelete,
  deleting,
}: {
  products: Product[];
  loading: boolean;
  busy: boolean;
  onDelete: (p: Product) => void;
  deleting: boolean;
}) {
  return (
    <Card className="py-2">
      <Table aria-label="Products" aria-busy={busy}>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableHead key={column} className="first:pl-4">
                {column}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody className="[&_td:first-child]:pl-4">
          {loading ? (
            <TableSkeletonRows columns={COLUMNS} rows={SKELETON_ROWS} testId="product-row-skeleton" />
          ) : (
            products.map((p) => <ProductRow key={p.id} product={p} onDelete={onDelete} deleting={deleting} />)
          )}
        </TableBody>
      </Table>
    </Card>
  );
}
