import * as React from 'react';
import { Link, useParams } from 'react-router-dom';
import { Download, Mail, Pencil, Phone, Send, User } from 'lucide-react';
import type { Invoice } from '@billpoint/proto';
import { InvoiceStatusBadge } from '@/components/invoice-status-badge';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatInvoiceDate, formatMoney } from '@/lib/format';
import { openInvoicePdf, useSendInvoice } from '@/lib/invoices';
import { useInvoice } from '../api/get-invoice';
import { formatQuantity, viewFigures } from '../lib/view-figures';
import { BackToInvoices, InvoiceNotFound } from './invoice-not-found';
import { CopyPaymentLink } from './copy-payment-link';
import { InvoicePayments } from './invoice-payments';
import { PartPaidRows } from './paid-figures';
import { isHandledGlobally } from '@/lib/query-client';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

function InvoiceDetails({ invoice }: { invoice: Invoice }) {
  const currency = invoice.currency || 'USD';
  const items = invoice.items ?? [];
  const { subtotal, tax, total } = viewFigures(items);
  const money = (v: string) => formatMoney(v, currency);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <Card>
          <CardHeader className="flex flex-row items-start justify-between gap-4">
            <div className="space-y-1.5">
              <CardTitle>Invoice Details</CardTitle>
              <p className="text-2xl font-bold tracking-tight" data-testid="invoice-number">
                {invoice.invoiceNumber}
              </p>
            </div>
            <InvoiceStatusBadge screen="view" status={invoice.status} />
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-3">
              <Detail label="Issue Date">{formatInvoiceDate(invoice.issueDate)}</Detail>
              <Detail label="Due Date">{formatInvoiceDate(invoice.dueDate)}</Detail>
              <Detail label="Currency">{currency}</Detail>
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Items</CardTitle>
          </CardHeader>
          <CardContent>
            <Table aria-label="Invoice items">
              <TableHeader>
                <TableRow>
                  <TableHead>Description</TableHead>
                  <TableHead className="text-right">Qty</TableHead>
                  <TableHead className="text-right">Rate</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((item) => (
                  <TableRow key={item.id} data-testid="invoice-item">
                    <TableCell className="whitespace-normal">{item.description}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatQuantity(item.quantity)}</TableCell>
                    <TableCell className="text-right tabular-nums">{money(item.rate)}</TableCell>
                    <TableCell className="text-right tabular-nums">{money(item.amount)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>

        {(invoice.notes || invoice.terms) && (
          <Card>
            <CardHeader>
              <CardTitle>Additional Information</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="space-y-4">
                {invoice.notes && (
                  <Detail label="Notes">
                    <span className="font-normal whitespace-pre-line">{invoice.notes}</span>
                  </Detail>
                )}
                {invoice.terms && (
                  <Detail label="Terms & Conditions">
                    <span className="font-normal whitespace-pre-line">{invoice.terms}</span>
                  </Detail>
                )}
              </dl>
            </CardContent>
          </Card>
        )}
      </div>

      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Customer</CardTitle>
          </CardHeader>
          <CardContent>
            {invoice.customer ? (
              <ul className="space-y-2 text-sm">
                <li className="flex items-center gap-2 font-medium">
                  <User className="size-4 text-muted-foreground" aria-hidden="true" />
                  {invoice.customer.name}
                </li>
                <li className="flex items-center gap-2">
                  <Mail className="size-4 text-muted-foreground" aria-hidden="true" />
                  {invoice.customer.email}
                </li>
                {invoice.customer.phone && (
                  <li className="flex items-center gap-2">
                    <Phone className="size-4 text-muted-foreground" aria-hidden="true" />
                    {invoice.customer.phone}
                  </li>
                )}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">Unknown customer</p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Summary</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-2 text-sm" data-testid="invoice-summary">
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Subtotal</dt>
                <dd className="tabular-nums">{money(subtotal)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Tax</dt>
                <dd className="tabular-nums">{money(tax)}</dd>
              </div>
              <div className="flex justify-between gap-4 border-t pt-2 text-base font-semibold">
                <dt>Total</dt>
                <dd className="tabular-nums">{money(total)}</dd>
              </div>
              <PartPaidRows invoice={invoice} />
            </dl>
          </CardContent>
        </Card>

        <InvoicePayments invoice={invoice} />
      </div>
    </div>
  );
}

function ViewSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-3" role="status" aria-label="Loading invoice">
      <div className="space-y-6 lg:col-span-2">
        <Skeleton className="h-36 w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
      <div className="space-y-6">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-36 w-full" />
      </div>
    </div>
  );
}

/** Invoice view (spec core §2): details, items, summary, and Download PDF / Edit / Send to Customer. */
export function InvoiceViewPage() {
  const { id = '' } = useParams();
  const { data: invoice, isPending, isError } = useInvoice(id);
  const sending = useSendInvoice({
    onSuccess: () => toast({ title: 'Invoice Sent', description: 'The invoice has been successfully sent to the customer.' }),
    onError: (error) => {
      if (isHandledGlobally(error)) return;
      // A non-OK answer, or no answer at all (spec core §8).
      toast({
        variant: 'destructive',
        title: error instanceof ApiError ? 'Failed to send the invoice. Please try again.' : 'An error occurred while sending the invoice.',
      });
    },
  });

  if (isError || (!isPending && !invoice)) return <InvoiceNotFound />;
  return (
    <>
      <PageHeader
        title="Invoice Details"
        description={invoice ? `Invoice ${invoice.invoiceNumber}` : 'Loading invoice...'}
        actions={
          <>
            <BackToInvoices />
            <Button variant="outline" disabled={!invoice} onClick={() => openInvoicePdf(id)}>
              <Download aria-hidden="true" />
              Download PDF
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.invoiceEdit.getHref(id)}>
                <Pencil aria-hidden="true" />
                Edit
              </Link>
            </Button>
            {invoice && <CopyPaymentLink invoice={invoice} />}
            <Button disabled={!invoice || sending.isPending} onClick={() => sending.mutate(id)}>
              <Send aria-hidden="true" />
              {sending.isPending ? 'Sending...' : 'Send to Customer'}
            </Button>
          </>
        }
      />
      <PageBody>{isPending ? <ViewSkeleton /> : invoice ? <InvoiceDetails invoice={invoice} /> : null}</PageBody>
    </>
  );
}
