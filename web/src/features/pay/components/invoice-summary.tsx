import type { PublicInvoice } from '@billpoint/proto';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { PublicDate, PublicFigures, PublicLinesTable, PublicParty } from '@/components/public-document';
import { formatInvoiceDate, formatMoney } from '@/lib/format';
import { isPartlyPaid } from '@/lib/payment-amount';
import { SellerBrand } from '@/components/seller-brand';
import { SummaryRow } from '@/components/document-lines';
import { isZeroMoney } from '@/lib/line-items';

/** What the payer is paying for (public invoice): seller, number, dates, items and the figures. */
export function InvoiceSummary({ invoice }: { invoice: PublicInvoice }) {
  const money = (v: string) => formatMoney(v, invoice.currency);
  const partlyPaid = isPartlyPaid(invoice);
  // Credit notes and the customer's credit take money off what is due: the payer sees each, and the balance after them.
  const credited = !isZeroMoney(invoice.creditedAmount);
  const applied = !isZeroMoney(invoice.creditApplied);
  const settling = partlyPaid || credited || applied;
  return (
    <Card aria-labelledby="invoice-summary-title">
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <SellerBrand seller={invoice.seller} caption="Invoice from" />
        <div className="space-y-1 sm:text-right">
          <h2 id="invoice-summary-title" className="text-xl font-bold tracking-tight">
            Invoice {invoice.invoiceNumber}
          </h2>
          {invoice.status === 'overdue' && <Badge variant="destructive">Overdue</Badge>}
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-3">
          <PublicParty caption="Billed to" customer={invoice.customer} />
          <PublicDate label="Issue Date">{formatInvoiceDate(invoice.issueDate)}</PublicDate>
          <PublicDate label="Due Date">{formatInvoiceDate(invoice.dueDate)}</PublicDate>
        </dl>

        <PublicLinesTable items={invoice.items} currency={invoice.currency} label="Invoice items" testId="pay-invoice-item" />

        <PublicFigures doc={invoice} testId="pay-invoice-totals">
          {credited && <SummaryRow label="Credited" value={`-${money(invoice.creditedAmount)}`} testId="pay-credited" />}
          {applied && <SummaryRow label="Credit applied" value={`-${money(invoice.creditApplied)}`} testId="pay-credit-applied" />}
          {settling && !isZeroMoney(invoice.amountPaid) && (
            <SummaryRow label="Amount paid" value={money(invoice.amountPaid)} testId="pay-amount-paid" />
          )}
          {settling && <SummaryRow label="Balance due" value={money(invoice.balanceDue)} strong testId="pay-balance-due" />}
        </PublicFigures>

        {invoice.notes && (
          <div className="space-y-1 text-sm">
            <h3 className="text-xs text-muted-foreground">Notes</h3>
            <p className="whitespace-pre-line">{invoice.notes}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
