import { Plus, Users } from 'lucide-react';
import { LinkButton } from '@/components/link-button';
import { ListBody, ListCards, ListFilterBar, ListPage, useListSearch } from '@/components/list-page';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';

import { useCustomers } from '../api/get-customers';
import { useDeleteCustomer } from '../api/delete-customer';
import { CustomerCard, CustomerCardSkeleton } from './customer-card';
import { isHandledGlobally } from '@/lib/query-client';
import { usePermission } from '@/lib/auth';

/** Six skeleton cards while loading. */
const SKELETON_CARDS = 6;

export function CustomersPage() {
  const search = useListSearch();
  const { term } = search;
  const list = useCustomers(term);
  const canDelete = usePermission('customers.delete');

  const deletion = useDeleteCustomer({
    onSuccess: () => toast({ title: 'Success', description: 'Customer deleted successfully' }),
    onError: (error) => {
      if (!isHandledGlobally(error)) toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete customer' });
    },
  });

  const addButton = (
    <LinkButton to={paths.customerCreate.getHref()} icon={Plus}>
      Add Customer
    </LinkButton>
  );

  return (
    <ListPage
      title="Customers"
      description="Manage your customer database"
      actions={addButton}
      filters={
        <ListFilterBar
          search={{ label: 'Search customers', placeholder: 'Search customers...', ...search }}
          count={{ list, shown: list.customers.length, noun: ['customer', 'customers'], testId: 'customers-total' }}
        />
      }
    >
      <ListBody
        list={list}
        shown={list.customers.length}
        what="customers"
        filtered={term !== ''}
        empty={{ icon: Users, title: 'No customers yet', description: 'Add your first customer to get started', action: addButton }}
        noMatch={{ icon: Users, title: 'No customers match your search', description: 'Try adjusting your search criteria' }}
      >
        <ListCards
          label="Customers"
          items={list.customers}
          renderItem={(customer) => (
            <CustomerCard
              customer={customer}
              onDelete={canDelete ? (id) => deletion.mutate(id) : undefined}
              deleteDisabled={deletion.isPending}
            />
          )}
          loading={list.isPending}
          skeleton={<CustomerCardSkeleton />}
          skeletonCount={SKELETON_CARDS}
          busy={list.isFetching}
        />
      </ListBody>
    </ListPage>
  );
}
