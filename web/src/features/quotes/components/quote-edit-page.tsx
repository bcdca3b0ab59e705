import { useNavigate, useParams } from 'react-router-dom';
import { QUOTE_EDITABLE, type Quote } from '@billpoint/proto';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { usePermissions } from '@/lib/auth';
import { useQuote } from '../api/get-quote';
import { useUpdateQuote } from '../api/quote-mutations';
import { quoteActions } from '../lib/quote-actions';
import { quoteToForm, toQuoteBody } from '../lib/quote-form';
import { QuoteFormFields, showSaveError, useQuoteForm } from './quote-form';
import { BackToQuotes, QuoteNotFound } from './quote-not-found';
import { QuoteStatusBadge } from './quote-status-badge';

function QuoteEditForm({ quote }: { quote: Quote }) {
  const navigate = useNavigate();
  const form = useQuoteForm(quoteToForm(quote));
  const update = useUpdateQuote({
    onSuccess: () => {
      toast({ title: 'Quote updated', description: `Quote ${quote.quoteNumber} was saved.` });
      void navigate(paths.quote.getHref(quote.id));
    },
    onError: (error) => showSaveError(form, error, 'Failed to update the quote'),
  });
  return (
    <QuoteFormFields
      form={form}
      number={quote.quoteNumber}
      current={quote.customer}
      header={<QuoteStatusBadge status={quote.status} />}
      onSubmit={(values) => update.mutate({ id: String(quote.id), body: toQuoteBody(values, quote) })}
      onCancel={() => void navigate(paths.quote.getHref(quote.id))}
      pending={update.isPending}
      submitLabel="Update Quote"
      pendingLabel="Updating..."
    />
  );
}

/** Edit a quote that is still open (draft, sent or viewed); an accepted, declined, expired or converted one says so. */
export function QuoteEditPage() {
  const { id = '' } = useParams();
  const { data: quote, isPending, isError } = useQuote(id);
  const can = usePermissions();
  if (isError || (!isPending && !quote)) return <QuoteNotFound />;
  const editable = quote ? quoteActions(quote, can).edit : true;
  return (
    <>
      <PageHeader
        title="Edit Quote"
        description="Update the customer, validity, items and terms of this quote"
        actions={<BackToQuotes />}
      />
      <PageBody>
        {isPending ? (
          <div className="max-w-5xl space-y-6" role="status" aria-label="Loading quote">
            <Skeleton className="h-72 w-full" />
            <Skeleton className="h-56 w-full" />
          </div>
        ) : quote && editable ? (
          <QuoteEditForm key={quote.updatedAt} quote={quote} />
        ) : quote ? (
          <p role="alert" className="max-w-5xl text-muted-foreground">
            {QUOTE_EDITABLE.includes(quote.status)
              ? 'Your role cannot edit quotes.'
              : `Quote ${quote.quoteNumber} is ${quote.status} and can no longer be edited.`}
          </p>
        ) : null}
      </PageBody>
    </>
  );
}
