import { useParams } from 'react-router-dom';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useQuote } from '../api/get-quote';
import { QuoteDocument } from './quote-document';
import { BackToQuotes, QuoteNotFound } from './quote-not-found';
import { QuoteViewActions } from './quote-view-actions';

function ViewSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3" role="status" aria-label="Loading quote">
      <div className="space-y-6 lg:col-span-2">
        <Skeleton className="h-36 w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
      <div className="space-y-6">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-36 w-full" />
      </div>
    </div>
  );
}

/** A quote: its document and what can be done with it now. */
export function QuoteViewPage() {
  const { id = '' } = useParams();
  const { data: quote, isPending, isError } = useQuote(id);
  if (isError || (!isPending && !quote)) return <QuoteNotFound />;
  return (
    <>
      <PageHeader
        title="Quote Details"
        description={quote ? `Quote ${quote.quoteNumber}` : 'Loading quote...'}
        actions={
          <>
            <BackToQuotes />
            {quote && <QuoteViewActions quote={quote} />}
          </>
        }
      />
      <PageBody>{isPending ? <ViewSkeleton /> : quote ? <QuoteDocument quote={quote} /> : null}</PageBody>
    </>
  );
}
