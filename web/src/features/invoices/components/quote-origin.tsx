import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { FileSignature } from 'lucide-react';
import { paths } from '@/config/paths';
import { useKnownPermission } from '@/lib/auth';
import { quoteQueryOptions } from '@/lib/quotes';

/** "Created from quote QUO-0004": the quote an invoice was converted from, linked (its number once it has loaded). */
export function QuoteOrigin({ quoteId }: { quoteId: number }) {
  const canRead = useKnownPermission('quotes.read');
  const { data: quote } = useQuery({ ...quoteQueryOptions(String(quoteId)), enabled: canRead });
  const text = quote ? `Created from quote ${quote.quoteNumber}` : 'Created from a quote';
  return (
    <p className="mt-4 flex items-center gap-2 text-sm" data-testid="invoice-quote-origin">
      <FileSignature className="size-4 text-muted-foreground" aria-hidden="true" />
      {canRead ? (
        <Link className="text-primary underline-offset-4 hover:underline" to={paths.quote.getHref(quoteId)}>
          {text}
        </Link>
      ) : (
        text
      )}
    </p>
  );
}
