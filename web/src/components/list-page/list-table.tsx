import * as React from 'react';
import { TableSkeletonRows } from '@/components/list-parts';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import type { ListState } from './list-page';
import { useIsPhone } from './use-phone';

/** One column of a list: its header, what a row shows in it, and how it shows on a phone. */
export type Column<T> = {
  header: string;
  cell: (row: T) => React.ReactNode;
  /** Classes of the table cell (not of the header). */
  className?: string;
  /** The cell's test id (on the table cell, or on the field's value in a stacked row). */
  testId?: string;
  /** Figures: right-aligned in the table. */
  align?: 'right';
  /** The header is for assistive technology only (an Actions column). */
  hideHeader?: boolean;
  /**
   * On a phone: `primary` is the row's title line, `actions` its footer (no label); the other columns are fields
   * under their header.
   */
  stack?: 'primary' | 'actions';
};

/** A row of a list: anything with an id. */
type Row = { id: React.Key };

type ListTableProps<T extends Row> = {
  /** The accessible name of the table (or of the list of stacked rows). */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  /** The test id of each row (the same on a phone: a stacked row); `<testId>-skeleton` of a skeleton row. */
  testId: string;
  /** Pending: skeleton rows; fetching: busy. */
  list: Pick<ListState, 'isPending' | 'isFetching'>;
  /** Skeleton rows while pending: five. */
  skeletonRows?: number;
  /** The table's frame: a card of its own (a list screen), or an outline (a table inside a card or tab). */
  frame?: 'card' | 'outline';
  /**
   * A click anywhere on a table row (a pointer's shortcut: the row must also hold a control that does the same for the
   * keyboard and on a phone).
   */
  onRowClick?: (row: T) => void;
};

/**
 * A list's rows: a table from 768 px, stacked cards below (title line, labelled fields, actions), so that a phone
 * never scrolls sideways. One or the other is rendered, never both: one accessible name per control.
 */
export function ListTable<T extends Row>({ testId, list, ...props }: ListTableProps<T>) {
  const rows = {
    ...props,
    rowTestId: testId,
    skeletonTestId: `${testId}-skeleton`,
    loading: list.isPending,
    busy: list.isPending || list.isFetching,
  };
  return useIsPhone() ? <StackedRows {...rows} /> : <WideTable {...rows} />;
}

type RowsProps<T extends Row> = Omit<ListTableProps<T>, 'testId' | 'list'> & {
  rowTestId: string;
  skeletonTestId: string;
  loading: boolean;
  busy: boolean;
};

function WideTable<T extends Row>({
  label,
  columns,
  rows,
  rowTestId,
  loading,
  skeletonTestId,
  skeletonRows = 5,
  busy,
  frame = 'card',
  onRowClick,
}: RowsProps<T>) {
  const cell = (c: Column<T>) => (c.align === 'right' ? 'text-right' : undefined);
  const Frame = frame === 'card' ? CardFrame : OutlineFrame;
  return (
    <Frame>
      <Table aria-label={label} aria-busy={busy}>
        <TableHeader>
          <TableRow>
            {columns.map((c) => (
              <TableHead key={c.header} className={cn('first:pl-4', cell(c), c.hideHeader && 'sr-only')}>
                {c.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody className="[&_td:first-child]:pl-4">
          {loading ? (
            <TableSkeletonRows columns={columns.map((c) => c.header)} rows={skeletonRows} testId={skeletonTestId} />
          ) : (
            rows.map((row) => (
              <TableRow
                key={row.id}
                data-testid={rowTestId}
                className={onRowClick && 'cursor-pointer'}
                onClick={onRowClick && (() => onRowClick(row))}
              >
                {columns.map((c) => (
                  <TableCell key={c.header} className={cn(cell(c), c.className)} data-testid={c.testId}>
                    {c.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </Frame>
  );
}

const CardFrame = ({ children }: { children: React.ReactNode }) => <Card className="py-2">{children}</Card>;
const OutlineFrame = ({ children }: { children: React.ReactNode }) => <div className="rounded-lg border">{children}</div>;

function StackedRows<T extends Row>({ label, columns, rows, rowTestId, loading, skeletonTestId, skeletonRows = 5, busy }: RowsProps<T>) {
  const primary = columns.filter((c) => c.stack === 'primary');
  const fields = columns.filter((c) => c.stack === undefined);
  const actions = columns.filter((c) => c.stack === 'actions');
  const item = 'rounded-xl border bg-card p-4 text-sm text-card-foreground shadow-sm';
  if (loading)
    return (
      <ul className="space-y-3" aria-label={label} aria-busy="true">
        {Array.from({ length: skeletonRows }, (_, i) => (
          <li key={i} className={cn(item, 'space-y-2')} data-testid={skeletonTestId}>
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-3 w-3/4" />
          </li>
        ))}
      </ul>
    );
  return (
    <ul className="space-y-3" aria-label={label} aria-busy={busy}>
      {rows.map((row) => (
        <li key={row.id} className={item} data-testid={rowTestId}>
          {primary.map((c) => (
            <div key={c.header} className="min-w-0 break-words" data-testid={c.testId}>
              {c.cell(row)}
            </div>
          ))}
          {fields.length > 0 && (
            <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
              {fields.map((c) => (
                <React.Fragment key={c.header}>
                  <dt className="text-muted-foreground">{c.header}</dt>
                  <dd className="min-w-0 break-words" data-testid={c.testId}>
                    {c.cell(row)}
                  </dd>
                </React.Fragment>
              ))}
            </dl>
          )}
          {actions.map((c) => {
            const content = c.cell(row);
            // A role without any of the actions: no empty footer.
            if (content === null || content === undefined || content === false) return null;
            return (
              <div key={c.header} className="mt-3 flex justify-end border-t pt-2">
                {content}
              </div>
            );
          })}
        </li>
      ))}
    </ul>
  );
}
