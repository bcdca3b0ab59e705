import { useQuery } from '@tanstack/react-query';
import { Download, Receipt } from 'lucide-react';
import type { PortalReceipt } from '@billpoint/proto';
import { EmptyState, ListLoadFailed } from '@/components/list-parts';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatInvoiceDate, formatMoney } from '@/lib/format';
import { paymentMethodLabel } from '@/lib/payment-methods';
import { downloads, receiptsQueryOptions } from '../api/portal-api';

/** `/portal/{slug}/receipts`: one receipt per payment, newest first, each as a PDF. */
export function PortalReceiptsPage() {
  const receipts = useQuery(receiptsQueryOptions());
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Receipts</h1>
        <p className="mt-1 text-sm text-muted-foreground">A receipt for every payment you made, with the invoices it paid.</p>
      </div>
      {receipts.isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading receipts">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : receipts.isError ? (
        <ListLoadFailed what="your receipts" onRetry={() => void receipts.refetch()} />
      ) : receipts.data.length === 0 ? (
        <EmptyState icon={Receipt} title="No receipts yet" description="When you pay an invoice, its receipt shows here." />
      ) : (
        <ul className="space-y-3" aria-label="Receipts">
          {receipts.data.map((receipt) => (
            <ReceiptItem key={receipt.id} receipt={receipt} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ReceiptItem({ receipt }: { receipt: PortalReceipt }) {
  return (
    <li data-testid="portal-receipt">
      <Card>
        <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 space-y-1">
            <p className="font-semibold">
              {receipt.receiptNumber} · <span className="tabular-nums">{formatMoney(receipt.total, receipt.currency)}</span>
            </p>
            <p className="text-sm text-muted-foreground">
              Paid {formatInvoiceDate(receipt.paidAt)} by {paymentMethodLabel(receipt.paymentMethod)} ·{' '}
              {receipt.allocations.map((a) => a.invoiceNumber).join(', ')}
            </p>
          </div>
          <Button asChild variant="outline" size="sm" className="self-start sm:self-auto">
            <a href={downloads.receiptPdf(receipt.id)} download aria-label={`Download receipt ${receipt.receiptNumber}`}>
              <Download aria-hidden="true" />
              Download
            </a>
          </Button>
        </CardContent>
      </Card>
    </li>
  );
}
