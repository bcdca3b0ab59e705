import * as React from 'react';
import { Download, Eye, FileText, Pencil, Plus, Send, Trash } from 'lucide-react';
import type { Invoice, InvoiceStatus } from '@billpoint/proto';
import { InvoiceStatusBadge } from '@/components/invoice-status-badge';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { IconAction } from '@/components/icon-action';
import { EmptyState, ListCount, ListLoadFailed, LoadMore } from '@/components/list-parts';
import { SearchInput } from '@/components/search-input';
import { LinkButton } from '@/components/link-button';
import { Card } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toast } from '@/hooks/use-toast';

import { formatMoney, formatShortDate } from '@/lib/format';
import { openInvoicePdf, useSendInvoice } from '@/lib/invoices';
import { useDeleteInvoice } from '../api/delete-invoice';
import { useInvoices } from '../api/get-invoices';
import { PartPaidNote } from './paid-figures';
import { isHandledGlobally } from '@/lib/query-client';

export const SEARCH_DEBOUNCE_MS = 300;
/** Spec core §9: five skeleton rows while loading. */
const SKELETON_ROWS = 5;
const ALL = 'all';
/** The statuses the filter offers (spec core §2). */
const FILTER_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'sent', label: 'Sent' },
  { value: 'paid', label: 'Paid' },
  { value: 'overdue', label: 'Overdue' },
] as const satisfies readonly { value: InvoiceStatus; label: string }[];

const COLUMNS = ['Invoice', 'Customer', 'Amount', 'Status', 'Issue Date', 'Due Date', 'Actions'];

function InvoiceRow({
  invoice,
  onSend,
  sending,
  onDelete,
  deleteDisabled,
}: {
  invoice: Invoice;
  onSend: (id: number) => void;
  sending: boolean;
  onDelete: (id: number) => void;
  deleteDisabled: boolean;
}) {
  const n = invoice.invoiceNumber;
  return (
    <TableRow data-testid="invoice-row">
      <TableCell className="font-medium">{n}</TableCell>
      <TableCell>
        {invoice.customer ? (
          <>
            <div className="font-medium">{invoice.customer.name}</div>
            <div className="text-xs text-muted-foreground">{invoice.customer.email}</div>
          </>
        ) : (
          <span className="text-muted-foreground">Unknown customer</span>
        )}
      </TableCell>
      <TableCell className="tabular-nums">
        {formatMoney(invoice.total, invoice.currency || 'USD')}
        <PartPaidNote invoice={invoice} />
      </TableCell>
      <TableCell>
        <InvoiceStatusBadge screen="list" status={invoice.status} />
      </TableCell>
      <TableCell>{formatShortDate(invoice.issueDate)}</TableCell>
      {/* A missing due date shows as today (spec core §2). */}
      <TableCell>{formatShortDate(invoice.dueDate || new Date())}</TableCell>
      <TableCell>
        <div className="flex">
          <IconAction label="View invoice details" name={`View invoice details: ${n}`} icon={Eye} to={paths.invoice.getHref(invoice.id)} />
          <IconAction label="Download PDF" name={`Download PDF: ${n}`} icon={Download} onClick={() => openInvoicePdf(invoice.id)} />
          <IconAction
            label="Send to customer"
            name={`Send to customer: ${n}`}
            icon={Send}
            disabled={sending}
            onClick={() => onSend(invoice.id)}
          />
          <IconAction label="Edit invoice" name={`Edit invoice: ${n}`} icon={Pencil} to={paths.invoiceEdit.getHref(invoice.id)} />
          <IconAction
            label="Delete invoice"
            name={`Delete invoice: ${n}`}
            icon={Trash}
            destructive
            disabled={deleteDisabled}
            onClick={() => onDelete(invoice.id)}
          />
        </div>
      </TableCell>
    </TableRow>
  );
}

function SkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_, i) => (
    <TableRow key={i} data-testid="invoice-row-skeleton">
      {COLUMNS.map((column) => (
        <TableCell key={column}>
          <Skeleton className="h-4 w-full min-w-12" />
        </TableCell>
      ))}
    </TableRow>
  ));
}

export function InvoicesPage() {
  const [search, setSearch] = React.useState('');
  const [status, setStatus] = React.useState<string | undefined>(undefined);
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const statusFilter = status && status !== ALL ? (status as InvoiceStatus) : '';
  const { invoices, total, isPending, isError, isFetching, isPlaceholderData, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } =
    useInvoices({ search: term, status: statusFilter });

  const deletion = useDeleteInvoice({
    onSuccess: () => toast({ title: 'Success', description: 'Invoice deleted successfully' }),
    onError: (error) => {
      if (!isHandledGlobally(error)) toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete invoice' });
    },
  });
  const sending = useSendInvoice({
    onSuccess: () => toast({ title: 'Invoice Sent', description: 'Invoice has been sent to the customer' }),
    onError: (error) => {
      if (!isHandledGlobally(error)) toast({ variant: 'destructive', title: 'Send Failed', description: 'Failed to send invoice' });
    },
  });

  const filtered = term !== '' || statusFilter !== '';

  return (
    <>
      <PageHeader
        title="Invoices"
        description="Manage and track all your invoices"
        actions={
          <LinkButton to={paths.invoiceCreate.getHref()} icon={Plus}>
            Create Invoice
          </LinkButton>
        }
      />
      <PageBody className="space-y-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SearchInput
            label="Search invoices"
            placeholder="Search invoices..."
            className="w-full sm:max-w-sm"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Select value={status} onValueChange={setStatus}>
            <SelectTrigger className="w-full sm:w-48" aria-label="Filter by status">
              <SelectValue placeholder="Filter by status" />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All Statuses</SelectItem>
              {FILTER_STATUSES.map((s) => (
                <SelectItem key={s.value} value={s.value}>
                  {s.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {!isPending && !isError && (
            <ListCount
              shown={invoices.length}
              total={total}
              searching={isFetching && isPlaceholderData}
              noun={['invoice', 'invoices']}
              className="sm:ml-auto"
              data-testid="invoices-total"
            />
          )}
        </div>

        {isError ? (
          <ListLoadFailed what="invoices" onRetry={() => void refetch()} />
        ) : !isPending && invoices.length === 0 ? (
          filtered ? (
            <EmptyState icon={FileText} title="No invoices match your filters" description="Try adjusting your search criteria" />
          ) : (
            <EmptyState
              icon={FileText}
              title="No invoices yet"
              description="Create your first invoice to get started"
              action={
                <LinkButton to={paths.invoiceCreate.getHref()} icon={Plus}>
                  Create Invoice
                </LinkButton>
              }
            />
          )
        ) : (
          <>
            <Card className="py-2">
              <Table aria-label="Invoices" aria-busy={isPending || isFetching}>
                <TableHeader>
                  <TableRow>
                    {COLUMNS.map((column) => (
                      <TableHead key={column} className="first:pl-4">
                        {column}
                      </TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody className="[&_td:first-child]:pl-4">
                  {isPending ? (
                    <SkeletonRows />
                  ) : (
                    invoices.map((invoice) => (
                      <InvoiceRow
                        key={invoice.id}
                        invoice={invoice}
                        onSend={(id) => sending.mutate(id)}
                        sending={sending.isPending && sending.variables === invoice.id}
                        onDelete={(id) => deletion.mutate(id)}
                        deleteDisabled={deletion.isPending}
                      />
                    ))
                  )}
                </TableBody>
              </Table>
            </Card>
            {hasNextPage && <LoadMore onClick={() => void fetchNextPage()} loading={isFetchingNextPage} />}
          </>
        )}
      </PageBody>
    </>
  );
}
