import type { PublicQuote } from '@billpoint/proto';
import { PublicDate, PublicFigures, PublicLinesTable, PublicParty } from '@/components/public-document';
import { SellerBrand } from '@/components/seller-brand';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatInvoiceDate } from '@/lib/format';

/** What the customer is asked to accept (the pay page's summary, for a quote): seller, number, dates, lines, figures, terms. */
export function PublicQuoteSummary({ quote }: { quote: PublicQuote }) {
  return (
    <Card aria-labelledby="quote-summary-title">
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <SellerBrand seller={quote.seller} caption="Quote from" />
        <div className="space-y-1 sm:text-right">
          <h2 id="quote-summary-title" className="text-xl font-bold tracking-tight">
            Quote {quote.quoteNumber}
          </h2>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-3">
          <PublicParty caption="Prepared for" customer={quote.customer} />
          <PublicDate label="Issue Date">{formatInvoiceDate(quote.issueDate)}</PublicDate>
          <PublicDate label="Valid Until" testId="quote-valid-until">
            {formatInvoiceDate(quote.validUntil)}
          </PublicDate>
        </dl>

        <PublicLinesTable items={quote.items} currency={quote.currency} label="Quote items" testId="public-quote-item" />

        <PublicFigures doc={quote} testId="public-quote-totals" totalTestId="public-quote-total" />

        {quote.notes && (
          <div className="space-y-1 text-sm">
            <h3 className="text-xs text-muted-foreground">Notes</h3>
            <p className="whitespace-pre-line">{quote.notes}</p>
          </div>
        )}
        {quote.terms && (
          <div className="space-y-1 text-sm">
            <h3 className="text-xs text-muted-foreground">Terms & Conditions</h3>
            <p className="whitespace-pre-line">{quote.terms}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
