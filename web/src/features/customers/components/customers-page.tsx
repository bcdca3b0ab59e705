import * as React from 'react';
import { Plus, Users } from 'lucide-react';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { LinkButton } from '@/components/link-button';
import { EmptyState, ListCount, ListLoadFailed, LoadMore } from '@/components/list-parts';
import { SearchInput } from '@/components/search-input';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toast } from '@/hooks/use-toast';

import { useCustomers } from '../api/get-customers';
import { useDeleteCustomer } from '../api/delete-customer';
import { CustomerCard, CustomerCardSkeleton } from './customer-card';
import { isHandledGlobally } from '@/lib/query-client';
import { usePermission } from '@/lib/auth';

export const SEARCH_DEBOUNCE_MS = 300;
/** Spec core §9: six skeleton cards while loading. */
const SKELETON_CARDS = 6;

export function CustomersPage() {
  const [search, setSearch] = React.useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { customers, total, isPending, isError, isFetching, isPlaceholderData, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } =
    useCustomers(term);
  const canDelete = usePermission('customers.delete');

  const deletion = useDeleteCustomer({
    onSuccess: () => toast({ title: 'Success', description: 'Customer deleted successfully' }),
    onError: (error) => {
      if (!isHandledGlobally(error)) toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete customer' });
    },
  });

  const searching = term !== '';

  return (
    <>
      <PageHeader
        title="Customers"
        description="Manage your customer database"
        actions={
          <LinkButton to={paths.customerCreate.getHref()} icon={Plus}>
            Add Customer
          </LinkButton>
        }
      />
      <PageBody className="space-y-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <SearchInput
            label="Search customers"
            placeholder="Search customers..."
            className="w-full sm:max-w-sm"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {!isPending && !isError && (
            <ListCount
              shown={customers.length}
              total={total}
              searching={isFetching && isPlaceholderData}
              noun={['customer', 'customers']}
              data-testid="customers-total"
            />
          )}
        </div>

        {isPending ? (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading customers">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <CustomerCardSkeleton key={i} />
            ))}
          </div>
        ) : isError ? (
          <ListLoadFailed what="customers" onRetry={() => void refetch()} />
        ) : customers.length === 0 ? (
          searching ? (
            <EmptyState icon={Users} title="No customers match your search" description="Try adjusting your search criteria" />
          ) : (
            <EmptyState
              icon={Users}
              title="No customers yet"
              description="Add your first customer to get started"
              action={
                <LinkButton to={paths.customerCreate.getHref()} icon={Plus}>
                  Add Customer
                </LinkButton>
              }
            />
          )
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label="Customers" aria-busy={isFetching}>
              {customers.map((customer) => (
                <li key={customer.id} className="grid grid-cols-1">
                  <CustomerCard
                    customer={customer}
                    onDelete={canDelete ? (id) => deletion.mutate(id) : undefined}
                    deleteDisabled={deletion.isPending}
                  />
                </li>
              ))}
            </ul>
            {hasNextPage && <LoadMore onClick={() => void fetchNextPage()} loading={isFetchingNextPage} />}
          </>
        )}
      </PageBody>
    </>
  );
}
