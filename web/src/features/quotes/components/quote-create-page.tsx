import * as React from 'react';
import { useNavigate } from 'react-router-dom';
import { startOfToday } from 'date-fns';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { toIsoDate } from '@/lib/format';
import { useCreateQuote } from '../api/quote-mutations';
import { newQuoteForm, toQuoteBody } from '../lib/quote-form';
import { QuoteFormFields, showSaveError, useQuoteForm } from './quote-form';

/** Create Quote: a draft in the organization's currency (or its customer's), valid 30 days; numbered from the tenant's quote sequence when saved. */
export function QuoteCreatePage() {
  const navigate = useNavigate();
  const [today] = React.useState(startOfToday);
  const form = useQuoteForm(newQuoteForm(toIsoDate(today), today));
  const creation = useCreateQuote({
    onSuccess: (quote) => {
      toast({ title: 'Quote created', description: `Quote ${quote.quoteNumber} was saved as a draft.` });
      void navigate(paths.quote.getHref(quote.id));
    },
    onError: (error) => showSaveError(form, error, 'Failed to create the quote'),
  });
  return (
    <>
      <PageHeader title="Create Quote" description="Price the work for your customer before you invoice it" />
      <PageBody>
        <QuoteFormFields
          form={form}
          number="Given when saved"
          onSubmit={(values) => creation.mutate(toQuoteBody(values))}
          onCancel={() => void navigate(paths.quotes.getHref())}
          pending={creation.isPending}
          submitLabel="Create Quote"
          pendingLabel="Creating..."
        />
      </PageBody>
    </>
  );
}
