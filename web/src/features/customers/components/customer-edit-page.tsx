import { Link, useParams } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useCustomer } from '../api/get-customer';
import { CustomerEditForm } from './customer-edit-form';
import { CustomerLoadFailed } from './customer-load-failed';

export function CustomerEditPage() {
  const { id = '' } = useParams();
  const { data: customer, isPending, isError } = useCustomer(id);
  if (isError) return <CustomerLoadFailed title="Edit Customer" />;
  return (
    <>
      <PageHeader
        title="Edit Customer"
        description="Update customer information"
        actions={
          <Button asChild variant="outline">
            <Link to={paths.customerView.getHref(id)}>
              <ArrowLeft aria-hidden="true" />
              Back to Customer
            </Link>
          </Button>
        }
      />
      <PageBody>
        {isPending ? (
          <div className="max-w-4xl space-y-4" role="status" aria-label="Loading customer">
            <Skeleton className="h-8 w-56" />
            <Skeleton className="h-96 w-full" />
          </div>
        ) : customer ? (
          <CustomerEditForm key={customer.updatedAt} customer={customer} />
        ) : null}
      </PageBody>
    </>
  );
}
