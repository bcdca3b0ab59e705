import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';

/** A list's empty state: icon, title, line and an optional action (each list's own texts). */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed py-16 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{description}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

/** How many rows a searchable list shows: "Searching...", "Showing 60 of 75 customers" or "2 invoices". */
export function ListCount({
  shown,
  total,
  searching,
  noun: [one, many],
  className,
  ...props
}: React.ComponentProps<'p'> & { shown: number; total: number; searching: boolean; noun: [string, string] }) {
  return (
    <p className={cn('text-sm text-muted-foreground', className)} role="status" aria-live="polite" {...props}>
      {searching ? 'Searching...' : shown < total ? `Showing ${shown} of ${total} ${many}` : `${total} ${total === 1 ? one : many}`}
    </p>
  );
}

/** A list that could not be loaded, with a retry. */
export function ListLoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed py-12 text-center">
      <p className="font-medium">Failed to load {what}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** The next page of a list. */
export function LoadMore({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  return (
    <div className="flex justify-center">
      <Button variant="outline" onClick={onClick} disabled={loading}>
        {loading ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}

/** A table's placeholder rows while it loads: one bar per column. */
export function TableSkeletonRows({ columns, rows, testId }: { columns: readonly string[]; rows: number; testId: string }) {
  return Array.from({ length: rows }, (_, i) => (
    <TableRow key={i} data-testid={testId}>
      {columns.map((column) => (
        <TableCell key={column}>
          <Skeleton className="h-4 w-full min-w-12" />
        </TableCell>
      ))}
    </TableRow>
  ));
}
