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

/**
 * The confirmation before a destructive action on one item: open while `item` is set, Cancel (or Escape) calls
 * `onCancel`, the action calls `onConfirm(item)` and closes (which calls `onCancel` too, so the caller clears its state).
 */
export function ConfirmDialog<T>({
  item,
  title,
  description,
  action = 'Delete',
  destructive = true,
  onCancel,
  onConfirm,
}: {
  item: T | null;
  title: string;
  description: (item: T) => string;
  action?: string;
  destructive?: boolean;
  onCancel: () => void;
  onConfirm: (item: T) => void;
}) {
  return (
    <AlertDialog open={item !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{item !== null ? description(item) : ''}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant={destructive ? 'destructive' : 'default'} onClick={() => item !== null && onConfirm(item)}>
            {action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
