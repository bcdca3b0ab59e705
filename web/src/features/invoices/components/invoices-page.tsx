import * as React from 'react';
import { FileText, Plus } from 'lucide-react';
import type { InvoiceStatus } from '@billpoint/proto';
import { FilterSelect, ListBody, ListFilterBar, ListPage, ListTable, useListSearch } from '@/components/list-page';
import { LinkButton } from '@/components/link-button';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { useSendInvoice } from '@/lib/invoices';
import { useDeleteInvoice } from '../api/delete-invoice';
import { useInvoices } from '../api/get-invoices';
import { invoiceColumns } from './invoice-columns';
import { isHandledGlobally } from '@/lib/query-client';
import { usePermission } from '@/lib/auth';

const ALL = 'all' as const;
/** The statuses the filter offers. */
const STATUSES: readonly { value: InvoiceStatus | typeof ALL; label: string }[] = [
  { value: ALL, label: 'All Statuses' },
  { value: 'draft', label: 'Draft' },
  { value: 'sent', label: 'Sent' },
  { value: 'paid', label: 'Paid' },
  { value: 'overdue', label: 'Overdue' },
  // Credit notes took back the whole total: nothing is owed and it was never paid.
  { value: 'credited', label: 'Credited' },
];

const createButton = (
  <LinkButton to={paths.invoiceCreate.getHref()} icon={Plus}>
    Create Invoice
  </LinkButton>
);

export function InvoicesPage() {
  const search = useListSearch();
  const [status, setStatus] = React.useState<InvoiceStatus | typeof ALL | undefined>(undefined);
  const { term } = search;
  const statusFilter = status && status !== ALL ? status : '';
  const list = useInvoices({ search: term, status: statusFilter });
  const canDelete = usePermission('invoices.delete');
  const canEditSent = usePermission('invoices.edit-sent');

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
  const columns = invoiceColumns({
    onSend: (id) => sending.mutate(id),
    sendingId: sending.isPending ? sending.variables : undefined,
    onDelete: canDelete ? (id) => deletion.mutate(id) : undefined,
    deleteDisabled: deletion.isPending,
    canEditSent,
  });

  return (
    <ListPage
      title="Invoices"
      description="Manage and track all your invoices"
      actions={createButton}
      filters={
        <ListFilterBar
          search={{ label: 'Search invoices', placeholder: 'Search invoices...', ...search }}
          count={{ list, shown: list.invoices.length, noun: ['invoice', 'invoices'], testId: 'invoices-total' }}
        >
          <FilterSelect
            label="Filter by status"
            placeholder="Filter by status"
            value={status}
            onChange={setStatus}
            options={STATUSES}
            className="sm:w-48"
          />
        </ListFilterBar>
      }
    >
      <ListBody
        list={list}
        shown={list.invoices.length}
        what="invoices"
        filtered={term !== '' || statusFilter !== ''}
        empty={{ icon: FileText, title: 'No invoices yet', description: 'Create your first invoice to get started', action: createButton }}
        noMatch={{ icon: FileText, title: 'No invoices match your filters', description: 'Try adjusting your search criteria' }}
      >
        <ListTable label="Invoices" columns={columns} rows={list.invoices} testId="invoice-row" list={list} />
      </ListBody>
    </ListPage>
  );
}
