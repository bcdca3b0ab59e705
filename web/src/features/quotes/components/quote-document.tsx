import { Link } from 'react-router-dom';
import { CircleCheck, CircleX, FileText } from 'lucide-react';
import type { Quote } from '@billpoint/proto';
import { BaseCurrencyDetails } from '@/components/base-currency-details';
import { DocumentCustomerCard, DocumentItemsCard, DocumentNotesCard } from '@/components/document-cards';
import { Detail, SummaryRow } from '@/components/document-lines';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatDateTime, formatInvoiceDate, formatMoney } from '@/lib/format';
import { isZeroMoney } from '@/lib/line-items';
import { QuoteStatusBadge } from './quote-status-badge';

/** What became of the quote on its public page: who accepted it and when (from where), or when and why it was declined. */
function QuoteOutcome({ quote }: { quote: Quote }) {
  if (quote.acceptedAt && quote.acceptedBy) {
    return (
      <div className="flex items-start gap-3 rounded-lg border border-success/40 bg-success/10 p-4 text-sm" data-testid="quote-acceptance">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        <p className="min-w-0 break-words">
          Accepted by <strong>{quote.acceptedBy.name}</strong> on {formatDateTime(quote.acceptedAt)}
          {quote.acceptedBy.ip && ` from ${quote.acceptedBy.ip}`}.
        </p>
      </div>
    );
  }
  if (quote.declinedAt) {
    return (
      <div
        className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm"
        data-testid="quote-decline"
      >
        <CircleX className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div className="min-w-0 space-y-1 break-words">
          <p>Declined by the customer on {formatDateTime(quote.declinedAt)}.</p>
          <p className="text-muted-foreground">{quote.declineReason ? `Reason: ${quote.declineReason}` : 'No reason was given.'}</p>
        </div>
      </div>
    );
  }
  return null;
}

/** The quote as a document: details, what became of it, its lines and figures, notes and terms, the customer. */
export function QuoteDocument({ quote }: { quote: Quote }) {
  const currency = quote.currency || 'USD';
  const money = (v: string) => formatMoney(v, currency);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="min-w-0 space-y-6 lg:col-span-2">
        <Card>
          <CardHeader className="flex flex-row items-start justify-between gap-4">
            <div className="space-y-1.5">
              <CardTitle>Quote Details</CardTitle>
              <p className="text-2xl font-bold tracking-tight" data-testid="quote-number">
                {quote.quoteNumber}
              </p>
            </div>
            <QuoteStatusBadge status={quote.status} />
          </CardHeader>
          <CardContent className="space-y-4">
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <Detail label="Issue Date">{formatInvoiceDate(quote.issueDate)}</Detail>
              <Detail label="Valid Until">{formatInvoiceDate(quote.validUntil)}</Detail>
              <Detail label="Currency">{currency}</Detail>
              <BaseCurrencyDetails
                currency={currency}
                date={quote.issueDate}
                exchangeRate={quote.exchangeRate}
                totalInBaseCurrency={quote.totalInBaseCurrency}
                testId="quote-total-in-base"
              />
              {quote.sentAt && <Detail label="Sent">{formatDateTime(quote.sentAt)}</Detail>}
              {quote.viewedAt && <Detail label="Viewed by the customer">{formatDateTime(quote.viewedAt)}</Detail>}
            </dl>
            <QuoteOutcome quote={quote} />
            {quote.status === 'converted' && quote.convertedInvoiceId !== null && (
              <p className="flex items-center gap-2 text-sm">
                <FileText className="size-4 text-muted-foreground" aria-hidden="true" />
                <Link className="text-primary underline-offset-4 hover:underline" to={paths.invoice.getHref(quote.convertedInvoiceId)}>
                  Converted into an invoice: view the invoice
                </Link>
              </p>
            )}
          </CardContent>
        </Card>

        <DocumentItemsCard items={quote.items ?? []} currency={currency} label="Quote items" testId="quote-item" />
        <DocumentNotesCard notes={quote.notes} terms={quote.terms} />
      </div>

      <div className="min-w-0 space-y-6">
        <DocumentCustomerCard customer={quote.customer} />

        <Card>
          <CardHeader>
            <CardTitle>Summary</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-2 text-sm" data-testid="quote-summary">
              <SummaryRow label="Subtotal" value={money(quote.subtotal)} />
              {!isZeroMoney(quote.discountAmount) && <SummaryRow label="Discount" value={`-${money(quote.discountAmount)}`} />}
              {!isZeroMoney(quote.shippingAmount) && <SummaryRow label="Shipping" value={money(quote.shippingAmount)} />}
              <SummaryRow label="Tax" value={money(quote.taxAmount)} />
              <SummaryRow label="Total" value={money(quote.total)} strong testId="quote-total" />
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
