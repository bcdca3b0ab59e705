import { useParams } from 'react-router-dom';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useInvoice } from '../api/get-invoice';
import { InvoiceEditForm } from './invoice-edit-form';
import { BackToInvoices, InvoiceNotFound } from './invoice-not-found';

export function InvoiceEditPage() {
  const { id = '' } = useParams();
  const { data: invoice, isPending, isError } = useInvoice(id);
  if (isError || (!isPending && !invoice)) return <InvoiceNotFound />;
  return (
    <>
      <PageHeader
        title="Edit Invoice"
        description="Update the customer, status, dates and items of this invoice"
        actions={<BackToInvoices />}
      />
      <PageBody>
        {isPending ? (
          <div className="max-w-5xl space-y-6" role="status" aria-label="Loading invoice">
            <Skeleton className="h-72 w-full" />
            <Skeleton className="h-56 w-full" />
          </div>
        ) : invoice ? (
          <InvoiceEditForm key={invoice.updatedAt} invoice={invoice} />
        ) : null}
      </PageBody>
    </>
  );
}
