import type { PublicInvoice } from '@billpoint/proto';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatInvoiceDate, formatMoney } from '@/lib/format';
import { isPartlyPaid } from '@/lib/payment-amount';
import { SellerBrand } from '@/components/seller-brand';
import { SummaryRow } from '@/components/document-lines';
import { formatQuantity, isZeroMoney } from '@/lib/line-items';

/** What the payer is paying for (public invoice, areas §3): seller, number, dates, items and the figures. */
export function InvoiceSummary({ invoice }: { invoice: PublicInvoice }) {
  const money = (v: string) => formatMoney(v, invoice.currency);
  const partlyPaid = isPartlyPaid(invoice);
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
          <div className="space-y-1">
            <dt className="text-xs text-muted-foreground">Billed to</dt>
            <dd className="font-medium">{invoice.customer?.name ?? '—'}</dd>
            {invoice.customer?.email && <dd className="text-muted-foreground">{invoice.customer.email}</dd>}
            {invoice.customer?.address && <dd className="whitespace-pre-line text-muted-foreground">{invoice.customer.address}</dd>}
          </div>
          <div className="space-y-1">
            <dt className="text-xs text-muted-foreground">Issue Date</dt>
            <dd className="font-medium">{formatInvoiceDate(invoice.issueDate)}</dd>
          </div>
          <div className="space-y-1">
            <dt className="text-xs text-muted-foreground">Due Date</dt>
            <dd className="font-medium">{formatInvoiceDate(invoice.dueDate)}</dd>
          </div>
        </dl>

        <Table aria-label="Invoice items">
          <TableHeader>
            <TableRow>
              <TableHead>Description</TableHead>
              <TableHead className="text-right">Qty</TableHead>
              <TableHead className="text-right">Unit Price</TableHead>
              <TableHead className="text-right">Amount</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invoice.items.map((item, i) => (
              <TableRow key={i} data-testid="pay-invoice-item">
                <TableCell className="whitespace-normal">{item.description}</TableCell>
                <TableCell className="text-right tabular-nums">{formatQuantity(item.quantity)}</TableCell>
                <TableCell className="text-right tabular-nums">{money(item.unitPrice)}</TableCell>
                <TableCell className="text-right tabular-nums">{money(item.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>

        <dl className="ml-auto max-w-xs space-y-2 text-sm" data-testid="pay-invoice-totals">
          <SummaryRow label="Subtotal" value={money(invoice.subtotal)} />
          {!isZeroMoney(invoice.discountAmount) && <SummaryRow label="Discount" value={`-${money(invoice.discountAmount)}`} />}
          {!isZeroMoney(invoice.shippingAmount) && <SummaryRow label="Shipping" value={money(invoice.shippingAmount)} />}
          <SummaryRow label="Tax" value={money(invoice.taxAmount)} />
          <SummaryRow label="Total" value={money(invoice.total)} strong />
          {partlyPaid && <SummaryRow label="Amount paid" value={money(invoice.amountPaid)} testId="pay-amount-paid" />}
          {partlyPaid && <SummaryRow label="Balance due" value={money(invoice.balanceDue)} strong testId="pay-balance-due" />}
        </dl>

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
