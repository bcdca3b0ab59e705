import * as React from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import type { PortalInvoice, PortalPaymentConfirmation } from '@billpoint/proto';
import { EmptyState, ListLoadFailed } from '@/components/list-parts';
import { SearchInput } from '@/components/search-input';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatMoney } from '@/lib/format';
import { invoicesQueryOptions, portalKeys, type InvoiceFilter } from '../api/portal-api';
import { notifyPaid } from '../lib/payment-notices';
import { selectionTotal } from '../lib/selection';
import { InvoiceRows } from './invoice-rows';
import { InvoiceTotals } from './invoice-totals';
import { PaySeveralDialog } from './pay-several-dialog';

const FILTERS: { value: InvoiceFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'paid', label: 'Paid' },
];
const EMPTY: Record<InvoiceFilter, string> = {
  all: 'Invoices you receive will show here.',
  open: 'Nothing is left to pay.',
  overdue: 'No invoice is past its due date.',
  paid: 'Paid invoices will show here.',
};

/** `/portal/{slug}/invoices`: the customer's issued invoices, what they owe, and paying several at once. */
export function PortalInvoicesPage() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = React.useState<InvoiceFilter>('all');
  const [search, setSearch] = React.useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const list = useQuery({ ...invoicesQueryOptions(filter, term), placeholderData: keepPreviousData });
  const [selected, setSelected] = React.useState<Map<number, PortalInvoice>>(new Map());
  const [paying, setPaying] = React.useState(false);

  const toggle = (invoice: PortalInvoice) =>
    setSelected((old) => {
      const next = new Map(old);
      if (next.has(invoice.id)) next.delete(invoice.id);
      else next.set(invoice.id, invoice);
      return next;
    });
  const chosen = [...selected.values()];
  const sum = selectionTotal(chosen);
  const paid = (confirmation: PortalPaymentConfirmation) => {
    setPaying(false);
    setSelected(new Map());
    notifyPaid(confirmation);
    void queryClient.invalidateQueries({
      queryKey: portalKeys.all,
      predicate: (q) => q.queryKey[1] === 'invoices' || q.queryKey[1] === 'receipts',
    });
  };

  const invoices = list.data?.invoices ?? [];
  const byId = new Map(invoices.map((i) => [i.id, i]));
  const body = list.isPending ? (
    <div className="space-y-2" role="status" aria-label="Loading invoices">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  ) : list.isError ? (
    <ListLoadFailed what="your invoices" onRetry={() => void list.refetch()} />
  ) : invoices.length === 0 ? (
    <EmptyState
      icon={FileText}
      title={term ? 'No invoices match your search' : 'No invoices'}
      description={term ? 'Try another invoice number.' : EMPTY[filter]}
    />
  ) : (
    <InvoiceRows invoices={invoices} selected={new Set(selected.keys())} onToggle={(id) => byId.get(id) && toggle(byId.get(id)!)} />
  );

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Invoices</h1>
        <p className="mt-1 text-sm text-muted-foreground">Your invoices, what is left to pay, and their PDFs.</p>
      </div>
      <InvoiceTotals totals={list.data?.totals} loading={list.isPending} />
      <Tabs value={filter} onValueChange={(v) => setFilter(v as InvoiceFilter)}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <TabsList aria-label="Show invoices">
            {FILTERS.map((f) => (
              <TabsTrigger key={f.value} value={f.value}>
                {f.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <SearchInput
            label="Search invoices"
            placeholder="Search by invoice number"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="sm:w-72"
          />
        </div>
        {FILTERS.map((f) => (
          <TabsContent key={f.value} value={f.value} className="mt-4">
            {body}
          </TabsContent>
        ))}
      </Tabs>
      {chosen.length > 0 && (
        <div className="sticky bottom-4 flex flex-col gap-2 rounded-lg border bg-background p-3 shadow-md sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground" role="status">
            {sum && 'mixed' in sum ? 'Choose invoices in one currency to pay them together.' : `${chosen.length} selected`}
          </p>
          <Button onClick={() => setPaying(true)} disabled={!sum || 'mixed' in sum}>
            {sum && !('mixed' in sum)
              ? `Pay selected (${chosen.length}) — ${formatMoney(sum.total, sum.currency)}`
              : `Pay selected (${chosen.length})`}
          </Button>
        </div>
      )}
      {sum && !('mixed' in sum) && (
        <PaySeveralDialog
          open={paying}
          onOpenChange={setPaying}
          invoices={chosen}
          currency={sum.currency}
          total={sum.total}
          onPaid={paid}
        />
      )}
    </div>
  );
}
