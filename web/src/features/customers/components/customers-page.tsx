import * as React from 'react';
import { Link } from 'react-router-dom';
import { Plus, Users } from 'lucide-react';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/search-input';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toast } from '@/hooks/use-toast';
import { isUnauthorizedError } from '@/lib/api-client';
import { useCustomers } from '../api/get-customers';
import { useDeleteCustomer } from '../api/delete-customer';
import { CustomerCard, CustomerCardSkeleton } from './customer-card';

export const SEARCH_DEBOUNCE_MS = 300;
/** Spec core §9: six skeleton cards while loading. */
const SKELETON_CARDS = 6;

export function CustomersPage() {
  const [search, setSearch] = React.useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { customers, total, isPending, isError, isFetching, isPlaceholderData, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } =
    useCustomers(term);

  const deletion = useDeleteCustomer({
    onSuccess: () => toast({ title: 'Success', description: 'Customer deleted successfully' }),
    onError: (error) => {
      if (!isUnauthorizedError(error)) toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete customer' });
    },
  });

  const searching = term !== '';

  return (
    <>
      <PageHeader
        title="Customers"
        description="Manage your customer database"
        actions={
          <Button asChild>
            <Link to={paths.customerCreate.getHref()}>
              <Plus aria-hidden="true" />
              Add Customer
            </Link>
          </Button>
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
            <p className="text-sm text-muted-foreground" role="status" aria-live="polite" data-testid="customers-total">
              {isFetching && isPlaceholderData
                ? 'Searching...'
                : customers.length < total
                  ? `Showing ${customers.length} of ${total} customers`
                  : `${total} ${total === 1 ? 'customer' : 'customers'}`}
            </p>
          )}
        </div>

        {isPending ? (
          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading customers">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <CustomerCardSkeleton key={i} />
            ))}
          </div>
        ) : isError ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed py-12 text-center">
            <p className="font-medium">Failed to load customers</p>
            <Button variant="outline" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : customers.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed py-16 text-center">
            <Users className="size-10 text-muted-foreground" aria-hidden="true" />
            {searching ? (
              <>
                <h2 className="text-lg font-semibold">No customers match your search</h2>
                <p className="text-sm text-muted-foreground">Try adjusting your search criteria</p>
              </>
            ) : (
              <>
                <h2 className="text-lg font-semibold">No customers yet</h2>
                <p className="text-sm text-muted-foreground">Add your first customer to get started</p>
                <Button asChild className="mt-4">
                  <Link to={paths.customerCreate.getHref()}>
                    <Plus aria-hidden="true" />
                    Add Customer
                  </Link>
                </Button>
              </>
            )}
          </div>
        ) : (
          <>
            <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label="Customers" aria-busy={isFetching}>
              {customers.map((customer) => (
                <li key={customer.id} className="grid">
                  <CustomerCard customer={customer} onDelete={(id) => deletion.mutate(id)} deleteDisabled={deletion.isPending} />
                </li>
              ))}
            </ul>
            {hasNextPage && (
              <div className="flex justify-center">
                <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                  {isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </PageBody>
    </>
  );
}
