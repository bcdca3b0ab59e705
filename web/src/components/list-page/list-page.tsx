import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { EmptyState, ListCount, ListLoadFailed, LoadMore } from '@/components/list-parts';
import { SearchInput } from '@/components/search-input';

/** What a list screen needs to know of its paged query (the `useX` list hooks return it, with their rows). */
export type ListState = {
  total: number;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
};

export type EmptyText = { icon: LucideIcon; title: string; description: string; action?: React.ReactNode };

/** A list screen: the header (title, line, actions), then the summary cards, the filter bar and the list. */
export function ListPage({
  title,
  description,
  actions,
  cards,
  filters,
  children,
}: {
  title: string;
  description: string;
  actions?: React.ReactNode;
  /** The figure cards above the list (a `<section>` of SummaryCards). */
  cards?: React.ReactNode;
  /** The filter bar (a ListFilterBar). */
  filters?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      <PageBody className="min-w-0 space-y-6">
        {cards}
        {filters}
        {children}
      </PageBody>
    </>
  );
}

/** "Showing 60 of 75 customers" once the list has loaded (nothing while it loads or failed). */
export function ListTotal({ list, shown, noun, testId }: ListCountProps) {
  if (list.isPending || list.isError) return null;
  return (
    <ListCount shown={shown} total={list.total} searching={list.isFetching && list.isPlaceholderData} noun={noun} data-testid={testId} />
  );
}

type ListCountProps = {
  list: ListState;
  /** How many rows are loaded. */
  shown: number;
  noun: [string, string];
  testId: string;
};

/**
 * The filter bar: the search box (its placeholder visible, `label` its accessible name), the other filters, and how
 * many rows the list shows at the end; in a row from 640 px, stacked below.
 */
export function ListFilterBar({
  search,
  count,
  children,
}: {
  search: { label: string; placeholder: string; value: string; onChange: (value: string) => void };
  count: ListCountProps;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      <SearchInput
        label={search.label}
        placeholder={search.placeholder}
        className="w-full sm:max-w-sm"
        value={search.value}
        onChange={(event) => search.onChange(event.target.value)}
      />
      {children}
      <div className="sm:ml-auto">
        <ListTotal {...count} />
      </div>
    </div>
  );
}

/**
 * The list's states: failed (with a retry), empty (no data yet, or no match for the filters), or the rows (the
 * children, which show their own skeleton while pending) with Load more under them while there are more pages.
 */
export function ListBody({
  list,
  shown,
  what,
  filtered,
  empty,
  noMatch,
  children,
}: {
  list: ListState;
  /** How many rows are loaded. */
  shown: number;
  /** "invoices": "Failed to load invoices". */
  what: string;
  /** A search or filter is set: the empty state is `noMatch`. */
  filtered: boolean;
  empty: EmptyText;
  noMatch: EmptyText;
  children: React.ReactNode;
}) {
  if (list.isError) return <ListLoadFailed what={what} onRetry={() => void list.refetch()} />;
  if (!list.isPending && shown === 0) return <EmptyState {...(filtered ? noMatch : empty)} />;
  return (
    <>
      {children}
      {list.hasNextPage && <LoadMore onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} />}
    </>
  );
}
