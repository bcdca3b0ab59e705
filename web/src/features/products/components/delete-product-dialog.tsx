import { ProductMessages, type Product } from '@billpoint/proto';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

/** The confirmation before a delete (areas §2: 'Are you sure you want to delete this product?'). */
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
    <AlertDialog open={product !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{ProductMessages.deleteConfirm}</AlertDialogTitle>
          <AlertDialogDescription>
            {`“${product?.name ?? ''}” will be removed from your catalog. Invoices that list it keep their lines.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => product && onConfirm(product)}>
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
