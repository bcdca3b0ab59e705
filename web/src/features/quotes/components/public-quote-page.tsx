import { useParams } from 'react-router-dom';
import { CircleCheck, CircleX, Clock, FileCheck } from 'lucide-react';
import type { PublicQuote } from '@billpoint/proto';
import { NotFoundPanel, ResultPanel } from '@/components/result-panel';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, formatInvoiceDate, formatMoney } from '@/lib/format';
import { usePublicQuote } from '../api/public-quote';
import { PublicQuoteSummary } from './public-quote-summary';
import { QuoteResponsePanel } from './quote-response-panel';

/** The quote no longer waits for an answer: accepted (by whom, when), declined, expired, or already invoiced. */
function QuoteOutcome({ quote }: { quote: PublicQuote }) {
  const n = quote.quoteNumber;
  if (quote.status === 'declined')
    return (
      <ResultPanel icon={CircleX} tone="muted" title="Quote Declined">
        <p className="text-muted-foreground">
          Quote {n} was declined{quote.declinedAt ? ` on ${formatDateTime(quote.declinedAt)}` : ''}. {quote.seller.name} has been told.
        </p>
        {quote.declineReason && <p className="text-sm break-words">Reason given: {quote.declineReason}</p>}
      </ResultPanel>
    );
  if (quote.status === 'converted')
    return (
      <ResultPanel icon={FileCheck} tone="success" title="Quote Invoiced">
        <p className="text-muted-foreground">
          {quote.acceptedByName ? `Quote ${n} was accepted by ${quote.acceptedByName} and ` : `Quote ${n} `}
          has been turned into an invoice by {quote.seller.name}.
        </p>
      </ResultPanel>
    );
  if (quote.status === 'accepted')
    return (
      <ResultPanel icon={CircleCheck} tone="success" title="Quote Accepted">
        <p className="text-muted-foreground">
          {quote.acceptedByName ? `Accepted by ${quote.acceptedByName}` : 'Accepted'}
          {quote.acceptedAt ? ` on ${formatDateTime(quote.acceptedAt)}` : ''}. Thank you! {quote.seller.name} has been told and will be in
          touch.
        </p>
      </ResultPanel>
    );
  // Expired, or past its last day before the expiry job got to it.
  return (
    <ResultPanel icon={Clock} tone="muted" title="Quote Expired">
      <p className="text-muted-foreground">
        Quote {n} was valid until {formatInvoiceDate(quote.validUntil)} and can no longer be accepted. Ask {quote.seller.name} for a new
        quote.
      </p>
    </ResultPanel>
  );
}

/**
 * /quote/{token}: the page a quote's e-mail links to, in the pay page's style. No sign-in. Loading, not found (the
 * pay page's view), the quote with Accept and Decline while it is open, and what became of it once answered.
 */
export function PublicQuotePage() {
  const { token = '' } = useParams();
  const { data: quote, isPending, isError } = usePublicQuote(token);
  if (isPending) return <Spinner label="Loading quote" showLabel className="py-24" />;
  if (isError || !quote)
    return <NotFoundPanel title="Quote Not Found" message="The quote you're looking for doesn't exist or has been removed." />;

  if (!quote.canRespond)
    return (
      <div className="space-y-6">
        <QuoteOutcome quote={quote} />
        <PublicQuoteSummary quote={quote} />
      </div>
    );
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Quote {quote.quoteNumber}</h1>
        <p className="mt-1 text-muted-foreground">
          {quote.seller.name} sent you a quote for {formatMoney(quote.total, quote.currency)}, valid until{' '}
          {formatInvoiceDate(quote.validUntil)}.
        </p>
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <div className="min-w-0 lg:col-span-3">
          <PublicQuoteSummary quote={quote} />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <QuoteResponsePanel quote={quote} />
        </div>
      </div>
    </div>
  );
}
