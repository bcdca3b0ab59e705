import { ArrowLeft, FileX } from 'lucide-react';
import { PageBody } from '@/components/layouts/page-header';
import { LinkButton } from '@/components/link-button';
import { paths } from '@/config/paths';

/** The invoice view and edit when the invoice is missing, not the tenant's, or failed to load. */
export function InvoiceNotFound() {
  return (
    <PageBody>
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
        <FileX className="size-12 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight">Invoice Not Found</h1>
        <p className="text-muted-foreground">The invoice you're looking for doesn't exist or you don't have permission to view it.</p>
        <BackToInvoices />
      </div>
    </PageBody>
  );
}

export function BackToInvoices() {
  return (
    <LinkButton to={paths.invoices.getHref()} icon={ArrowLeft} variant="outline">
      Back to Invoices
    </LinkButton>
  );
}
