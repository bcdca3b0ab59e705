import { ProductMessages, type Product } from '@billpoint/proto';
import { ConfirmDialog } from '@/components/confirm-dialog';

/** The confirmation before a delete ('Are you sure you want to delete this product?'). */
export function DeleteProductDialog({
  product,
  onCancel,
  onConfirm,
}: {
  product: Product | null;
  onCancel: () => void;
  onConfirm: (product: Product) => void;
}) {
  return (
    <ConfirmDialog
      item={product}
      title={ProductMessages.deleteConfirm}
      description={(p) => `“${p.name}” will be removed from your catalog. Invoices that list it keep their lines.`}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
