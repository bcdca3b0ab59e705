import { ArrowLeft, FileX } from 'lucide-react';
import { PageBody } from '@/components/layouts/page-header';
import { LinkButton } from '@/components/link-button';
import { paths } from '@/config/paths';

/** The quote view and edit when the quote is missing, not the tenant's, or failed to load. */
export function QuoteNotFound() {
  return (
    <PageBody>
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
        <FileX className="size-12 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight">Quote Not Found</h1>
        <p className="text-muted-foreground">The quote you're looking for doesn't exist or you don't have permission to view it.</p>
        <BackToQuotes />
      </div>
    </PageBody>
  );
}

export function BackToQuotes() {
  return (
    <LinkButton to={paths.quotes.getHref()} icon={ArrowLeft} variant="outline">
      Back to Quotes
    </LinkButton>
  );
}
