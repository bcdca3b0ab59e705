import { ConfirmDialog } from '@/components/confirm-dialog';
import * as React from 'react';
import { Pencil, Percent, Plus, Trash2 } from 'lucide-react';
import type { TaxRate } from '@billpoint/proto';
import { IconAction } from '@/components/icon-action';
import { ListTable, type Column } from '@/components/list-page';
import { EmptyState, ListLoadFailed } from '@/components/list-parts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { formatShortDate } from '@/lib/format';
import { isHandledGlobally } from '@/lib/query-client';
import { useDeleteTaxRate, useTaxRates } from '../api/tax';
import { TAX_TYPE_LABELS } from '../lib/labels';
import { TaxRateDialog } from './tax-rate-dialog';
import { usePermission } from '@/lib/auth';

const validity = (t: TaxRate) =>
  `${formatShortDate(t.startDate.slice(0, 10))} – ${t.endDate ? formatShortDate(t.endDate.slice(0, 10)) : 'ongoing'}`;

type Handlers = { canManage: boolean; deleting: boolean; onEdit: (t: TaxRate) => void; onDelete: (t: TaxRate) => void };

/** Name (with the tax number), Jurisdiction, Rate, Type, Status, Valid, and the actions of a role that manages rates. */
const taxRateColumns = ({ canManage, deleting, onEdit, onDelete }: Handlers): Column<TaxRate>[] => [
  {
    header: 'Name',
    stack: 'primary',
    className: 'font-medium',
    cell: (t) => (
      <>
        <span className="font-medium">{t.name}</span>
        {t.taxNumber && <div className="text-xs text-muted-foreground">{t.taxNumber}</div>}
      </>
    ),
  },
  { header: 'Jurisdiction', cell: (t) => t.jurisdiction },
  { header: 'Rate', align: 'right', className: 'tabular-nums', cell: (t) => `${t.rate}%` },
  { header: 'Type', cell: (t) => TAX_TYPE_LABELS[t.type] },
  { header: 'Status', cell: (t) => <Badge variant={t.isActive ? 'success' : 'secondary'}>{t.isActive ? 'Active' : 'Inactive'}</Badge> },
  { header: 'Valid', cell: validity },
  {
    header: 'Actions',
    hideHeader: true,
    stack: 'actions',
    cell: (t) =>
      canManage && (
        <div className="flex justify-end gap-1">
          <IconAction label="Edit" name={`Edit tax rate: ${t.name}`} icon={Pencil} onClick={() => onEdit(t)} />
          <IconAction
            label="Delete"
            name={`Delete tax rate: ${t.name}`}
            icon={Trash2}
            destructive
            disabled={deleting}
            onClick={() => onDelete(t)}
          />
        </div>
      ),
  },
];

/** The Tax Rates tab: the organization's rates, Add Tax Rate, edit and delete (after a confirmation). */
export function TaxRatesTab({ onAdd }: { onAdd: () => void }) {
  const rates = useTaxRates();
  const [editing, setEditing] = React.useState<TaxRate | null>(null);
  const [deleting, setDeleting] = React.useState<TaxRate | null>(null);
  const canManage = usePermission('tax-rates.manage');
  const remove = useDeleteTaxRate({
    onSuccess: () => toast({ title: 'Tax Rate Deleted' }),
    onError: (error) => {
      if (!isHandledGlobally(error)) toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete tax rate' });
    },
  });

  if (rates.isError) return <ListLoadFailed what="tax rates" onRetry={() => void rates.refetch()} />;
  const list = rates.data ?? [];
  return (
    <>
      {!rates.isPending && list.length === 0 ? (
        <EmptyState
          icon={Percent}
          title="No tax rates yet"
          description="Add the sales tax, VAT or GST rates your invoices charge."
          action={
            canManage && (
              <Button onClick={onAdd}>
                <Plus aria-hidden="true" />
                Add Tax Rate
              </Button>
            )
          }
        />
      ) : (
        <ListTable
          label="Tax rates"
          columns={taxRateColumns({ canManage, deleting: remove.isPending, onEdit: setEditing, onDelete: setDeleting })}
          rows={list}
          testId="tax-rate-row"
          list={rates}
          skeletonRows={3}
          frame="outline"
        />
      )}

      <TaxRateDialog open={editing !== null} taxRate={editing} onOpenChange={(open) => !open && setEditing(null)} />

      <ConfirmDialog
        item={deleting}
        title="Are you sure you want to delete this tax rate?"
        description={(x) => `“${x.name}” will no longer be offered on new invoices. Invoices that charged it keep their tax.`}
        onCancel={() => setDeleting(null)}
        onConfirm={(x) => remove.mutate(x.id)}
      />
    </>
  );
}
