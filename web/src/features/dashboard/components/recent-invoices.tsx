import { Link } from 'react-router-dom';
import { Download, Eye, FileText, Send } from 'lucide-react';
import type { Invoice } from '@billpoint/proto';
import { IconAction } from '@/components/icon-action';
import { InvoiceStatusBadge } from '@/components/invoice-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { formatMoney, formatShortDate } from '@/lib/format';
import { openInvoicePdf, useSendInvoice } from '@/lib/invoices';

/** Recent Invoices with View all and the row actions view, PDF in a new tab and send. */
export function RecentInvoices({ invoices, loading }: { invoices: Invoice[]; loading: boolean }) {
  // A send from here tells the user nothing: success shows no message, a failure is only logged.
  const sending = useSendInvoice({ onError: (error, id) => console.error(`Failed to send invoice ${id}`, error) });
  return (
    <Card className="lg:col-span-2">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <div className="space-y-1.5">
          <CardTitle>Recent Invoices</CardTitle>
          <CardDescription>Your latest invoices</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.invoices.getHref()}>View all</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-3" role="status" aria-label="Loading recent invoices">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : invoices.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed py-10 text-center">
            <FileText className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No invoices yet</p>
            <p className="text-sm text-muted-foreground">Create your first invoice to get started</p>
          </div>
        ) : (
          <Table aria-label="Recent invoices">
            <TableHeader>
              <TableRow>
                <TableHead>Invoice</TableHead>
                <TableHead>Customer</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Due Date</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {invoices.map((invoice) => (
                <TableRow key={invoice.id} data-testid="recent-invoice">
                  <TableCell className="font-medium">{invoice.invoiceNumber}</TableCell>
                  <TableCell className="max-w-48 truncate">{invoice.customer?.name ?? 'Unknown customer'}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(invoice.total, invoice.currency || 'USD')}</TableCell>
                  <TableCell>
                    <InvoiceStatusBadge screen="dashboard" status={invoice.status} />
                  </TableCell>
                  <TableCell>{formatShortDate(invoice.dueDate || new Date())}</TableCell>
                  <TableCell>
                    <div className="flex justify-end">
                      <IconAction
                        label="View invoice"
                        name={`View invoice ${invoice.invoiceNumber}`}
                        icon={Eye}
                        to={paths.invoice.getHref(invoice.id)}
                      />
                      <IconAction
                        label="Download PDF"
                        name={`Download PDF of invoice ${invoice.invoiceNumber}`}
                        icon={Download}
                        onClick={() => openInvoicePdf(invoice.id)}
                      />
                      {invoice.lifecycle !== 'void' && (
                        <IconAction
                          label="Send invoice"
                          name={`Send invoice ${invoice.invoiceNumber}`}
                          icon={Send}
                          disabled={sending.isPending && sending.variables === invoice.id}
                          onClick={() => sending.mutate(invoice.id)}
                        />
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
