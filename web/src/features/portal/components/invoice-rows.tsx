import { Download } from 'lucide-react';
import type { PortalInvoice } from '@billpoint/proto';
import { InvoiceStatusBadge } from '@/components/invoice-status-badge';
import { useIsPhone } from '@/components/list-page';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatInvoiceDate, formatMoney } from '@/lib/format';
import { downloads } from '../api/portal-api';
import { isPayable } from '../lib/selection';

type RowsProps = { invoices: PortalInvoice[]; selected: ReadonlySet<number>; onToggle: (id: number) => void };

function SelectBox({ invoice, selected, onToggle }: { invoice: PortalInvoice } & Omit<RowsProps, 'invoices'>) {
  if (!isPayable(invoice)) return null;
  return (
    <input
      type="checkbox"
      className="size-4 accent-[var(--portal-accent)]"
      checked={selected.has(invoice.id)}
      onChange={() => onToggle(invoice.id)}
      aria-label={`Select invoice ${invoice.invoiceNumber} to pay`}
    />
  );
}

function PdfLink({ invoice }: { invoice: PortalInvoice }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={downloads.invoicePdf(invoice.id)} download aria-label={`Download PDF of invoice ${invoice.invoiceNumber}`}>
        <Download aria-hidden="true" />
        Download PDF
      </a>
    </Button>
  );
}

/** The customer's invoices: a table from 768 px, stacked cards on a phone. */
export function InvoiceRows(props: RowsProps) {
  const phone = useIsPhone();
  const { invoices } = props;
  if (phone)
    return (
      <ul className="space-y-3" aria-label="Invoices">
        {invoices.map((invoice) => (
          <li key={invoice.id} data-testid="portal-invoice">
            <Card>
              <CardContent className="space-y-3 p-4">
                <div className="flex items-start gap-3">
                  <SelectBox invoice={invoice} {...props} />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold" data-testid="portal-invoice-number">
                      {invoice.invoiceNumber}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      Issued {formatInvoiceDate(invoice.issueDate)} · Due {formatInvoiceDate(invoice.dueDate)}
                    </p>
                  </div>
                  <InvoiceStatusBadge screen="list" status={invoice.status} />
                </div>
                <dl className="grid grid-cols-2 gap-2 text-sm">
                  <div>
                    <dt className="text-muted-foreground">Total</dt>
                    <dd className="font-medium tabular-nums">{formatMoney(invoice.total, invoice.currency)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">Balance</dt>
                    <dd className="font-medium tabular-nums">{formatMoney(invoice.balanceDue, invoice.currency)}</dd>
                  </div>
                </dl>
                <PdfLink invoice={invoice} />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    );
  return (
    <div className="rounded-lg border bg-background">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-10">
              <span className="sr-only">Select</span>
            </TableHead>
            <TableHead>Invoice</TableHead>
            <TableHead>Issued</TableHead>
            <TableHead>Due</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Total</TableHead>
            <TableHead className="text-right">Balance</TableHead>
            <TableHead>
              <span className="sr-only">Download</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {invoices.map((invoice) => (
            <TableRow key={invoice.id} data-testid="portal-invoice">
              <TableCell>
                <SelectBox invoice={invoice} {...props} />
              </TableCell>
              <TableCell className="font-medium" data-testid="portal-invoice-number">
                {invoice.invoiceNumber}
              </TableCell>
              <TableCell>{formatInvoiceDate(invoice.issueDate)}</TableCell>
              <TableCell>{formatInvoiceDate(invoice.dueDate)}</TableCell>
              <TableCell>
                <InvoiceStatusBadge screen="list" status={invoice.status} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(invoice.total, invoice.currency)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(invoice.balanceDue, invoice.currency)}</TableCell>
              <TableCell className="text-right">
                <PdfLink invoice={invoice} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
