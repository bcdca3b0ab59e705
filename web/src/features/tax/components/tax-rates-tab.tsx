import { ConfirmDialog } from '@/components/confirm-dialog';
import * as React from 'react';
import { Pencil, Percent, Plus, Trash2 } from 'lucide-react';
import type { TaxRate } from '@billpoint/proto';
import { IconAction } from '@/components/icon-action';
import { EmptyState, ListLoadFailed, TableSkeletonRows } from '@/components/list-parts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/hooks/use-toast';
import { formatShortDate } from '@/lib/format';
import { isHandledGlobally } from '@/lib/query-client';
import { useDeleteTaxRate, useTaxRates } from '../api/tax';
import { TAX_TYPE_LABELS } from '../lib/labels';
import { TaxRateDialog } from './tax-rate-dialog';
import { usePermission } from '@/lib/auth';

const COLUMNS = ['Name', 'Jurisdiction', 'Rate', 'Type', 'Status', 'Valid', 'Actions'] as const;

const validity = (t: TaxRate) =>
  `${formatShortDate(t.startDate.slice(0, 10))} – ${t.endDate ? formatShortDate(t.endDate.slice(0, 10)) : 'ongoing'}`;

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
        <div className="rounded-lg border">
          <Table aria-label="Tax rates">
            <TableHeader>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableHead key={c} className={c === 'Rate' ? 'text-right' : c === 'Actions' ? 'sr-only' : undefined}>
                    {c}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rates.isPending ? (
                <TableSkeletonRows columns={COLUMNS} rows={3} testId="tax-rate-skeleton" />
              ) : (
                list.map((t) => (
                  <TableRow key={t.id} data-testid="tax-rate-row">
                    <TableCell className="font-medium">
                      {t.name}
                      {t.taxNumber && <div className="text-xs text-muted-foreground">{t.taxNumber}</div>}
                    </TableCell>
                    <TableCell>{t.jurisdiction}</TableCell>
                    <TableCell className="text-right tabular-nums">{t.rate}%</TableCell>
                    <TableCell>{TAX_TYPE_LABELS[t.type]}</TableCell>
                    <TableCell>
                      <Badge variant={t.isActive ? 'success' : 'secondary'}>{t.isActive ? 'Active' : 'Inactive'}</Badge>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{validity(t)}</TableCell>
                    <TableCell>
                      {canManage && (
                        <div className="flex justify-end gap-1">
                          <IconAction label="Edit" name={`Edit tax rate: ${t.name}`} icon={Pencil} onClick={() => setEditing(t)} />
                          <IconAction
                            label="Delete"
                            name={`Delete tax rate: ${t.name}`}
                            icon={Trash2}
                            destructive
                            disabled={remove.isPending}
                            onClick={() => setDeleting(t)}
                          />
                        </div>
                      )}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
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
