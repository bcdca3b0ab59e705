import type { PublicQuote } from '@billpoint/proto';
import { SummaryRow } from '@/components/document-lines';
import { SellerBrand } from '@/components/seller-brand';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatInvoiceDate, formatMoney } from '@/lib/format';
import { formatQuantity, isZeroMoney } from '@/lib/line-items';

/** What the customer is asked to accept (the pay page's summary, for a quote): seller, number, dates, lines, figures, terms. */
export function PublicQuoteSummary({ quote }: { quote: PublicQuote }) {
  const money = (v: string) => formatMoney(v, quote.currency);
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
          <div className="min-w-0 space-y-1">
            <dt className="text-xs text-muted-foreground">Prepared for</dt>
            <dd className="font-medium break-words">{quote.customer?.name ?? '—'}</dd>
            {quote.customer?.email && <dd className="break-all text-muted-foreground">{quote.customer.email}</dd>}
            {quote.customer?.address && <dd className="whitespace-pre-line text-muted-foreground">{quote.customer.address}</dd>}
          </div>
          <div className="space-y-1">
            <dt className="text-xs text-muted-foreground">Issue Date</dt>
            <dd className="font-medium">{formatInvoiceDate(quote.issueDate)}</dd>
          </div>
          <div className="space-y-1">
            <dt className="text-xs text-muted-foreground">Valid Until</dt>
            <dd className="font-medium" data-testid="quote-valid-until">
              {formatInvoiceDate(quote.validUntil)}
            </dd>
          </div>
        </dl>

        <Table aria-label="Quote items">
          <TableHeader>
            <TableRow>
              <TableHead>Description</TableHead>
              <TableHead className="text-right">Qty</TableHead>
              <TableHead className="text-right">Unit Price</TableHead>
              <TableHead className="text-right">Amount</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {quote.items.map((item, i) => (
              <TableRow key={i} data-testid="public-quote-item">
                <TableCell className="whitespace-normal">{item.description}</TableCell>
                <TableCell className="text-right tabular-nums">{formatQuantity(item.quantity)}</TableCell>
                <TableCell className="text-right tabular-nums">{money(item.unitPrice)}</TableCell>
                <TableCell className="text-right tabular-nums">{money(item.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>

        <dl className="ml-auto max-w-xs space-y-2 text-sm" data-testid="public-quote-totals">
          <SummaryRow label="Subtotal" value={money(quote.subtotal)} />
          {!isZeroMoney(quote.discountAmount) && <SummaryRow label="Discount" value={`-${money(quote.discountAmount)}`} />}
          {!isZeroMoney(quote.shippingAmount) && <SummaryRow label="Shipping" value={money(quote.shippingAmount)} />}
          <SummaryRow label="Tax" value={money(quote.taxAmount)} />
          <SummaryRow label="Total" value={money(quote.total)} strong testId="public-quote-total" />
        </dl>

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
