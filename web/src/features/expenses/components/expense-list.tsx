import { Paperclip, Pencil, Trash2 } from 'lucide-react';
import type { Expense } from '@billpoint/proto';
import { IconAction } from '@/components/icon-action';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney, formatShortDate } from '@/lib/format';
import { ColourDot } from './category-field';
import { usePermission } from '@/lib/auth';

const UNCATEGORIZED_COLOUR = '#94A3B8';

/** One expense: colour dot, description, vendor, date, category, amount, truncated notes, and its actions. */
function ExpenseRow({ expense: e, onEdit, onDelete, busy }: { expense: Expense; onEdit: () => void; onDelete: () => void; busy: boolean }) {
  const canDelete = usePermission('expenses.delete');
  return (
    // On a narrow screen the amount and the actions wrap under the description, right-aligned.
    <li className="flex flex-wrap items-start gap-x-3 gap-y-1 py-3" data-testid="expense-row">
      <ColourDot color={e.category?.color ?? UNCATEGORIZED_COLOUR} className="mt-1.5 size-3" />
      <div className="min-w-0 flex-1 basis-48 break-words">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{e.description}</span>
          {e.possibleDuplicate && (
            <Badge
              variant="outline"
              className="border-amber-400 text-amber-800 dark:text-amber-300"
              title="Same amount, vendor and date as another expense"
            >
              Possible duplicate
            </Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">
          {[e.vendor, formatShortDate(e.date.slice(0, 10))].filter(Boolean).join(' · ')}
          {' · '}
          <span data-testid="expense-category">{e.category?.name ?? 'Uncategorized'}</span>
        </p>
        {e.notes && (
          <p className="max-w-prose truncate text-xs text-muted-foreground" title={e.notes} data-testid="expense-notes">
            {e.notes}
          </p>
        )}
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-1">
        <span className="mr-2 font-semibold tabular-nums" data-testid="expense-amount">
          {formatMoney(e.amount, e.currency)}
        </span>
        {e.receiptUrl ? (
          <a
            href={e.receiptUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex size-8 items-center justify-center rounded-md hover:bg-accent"
            aria-label={`Receipt: ${e.description}`}
            title="Receipt"
          >
            <Paperclip className="size-4" aria-hidden="true" />
          </a>
        ) : (
          // Keeps the amounts of rows with and without a receipt in one column.
          <span className="size-8" aria-hidden="true" />
        )}
        <IconAction label="Edit" name={`Edit expense: ${e.description}`} icon={Pencil} onClick={onEdit} disabled={busy} />
        {canDelete && (
          <IconAction
            label="Delete"
            name={`Delete expense: ${e.description}`}
            icon={Trash2}
            onClick={onDelete}
            disabled={busy}
            destructive
          />
        )}
      </div>
    </li>
  );
}

/** The rows of Recent Expenses (a list on every width: each row already stacks), or skeletons while loading. */
export function ExpenseList({
  expenses,
  loading,
  busy,
  onEdit,
  onDelete,
}: {
  expenses: readonly Expense[];
  loading: boolean;
  busy: boolean;
  onEdit: (e: Expense) => void;
  onDelete: (e: Expense) => void;
}) {
  if (loading)
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Loading expenses">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-14" data-testid="expense-skeleton" />
        ))}
      </div>
    );
  return (
    <ul className="divide-y" aria-label="Recent Expenses">
      {expenses.map((e) => (
        <ExpenseRow key={e.id} expense={e} busy={busy} onEdit={() => onEdit(e)} onDelete={() => onDelete(e)} />
      ))}
    </ul>
  );
}
