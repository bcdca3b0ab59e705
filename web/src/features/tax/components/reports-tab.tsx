import * as React from 'react';
import { Archive, Eye, FileBarChart, FileCheck2, FileDown, FileText, Undo2 } from 'lucide-react';
import { ReportMessages, type FinancialReport } from '@billpoint/proto';
import { IconAction } from '@/components/icon-action';
import { EmptyState, ListLoadFailed, TableSkeletonRows } from '@/components/list-parts';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/hooks/use-toast';
import { isHandledGlobally } from '@/lib/query-client';
import { capitalize, formatMoney, formatShortDate } from '@/lib/format';
import { reportDownloadHref, useReports, useUpdateReport } from '../api/tax';
import { REPORT_STATUS_STYLE, REPORT_TYPE_LABELS } from '../lib/labels';
import { ReportViewDialog } from './report-view-dialog';
import { usePermission } from '@/lib/auth';

const COLUMNS = ['Report', 'Period', 'Bottom line', 'Status', 'Generated', 'Actions'] as const;

/** A download as an icon link (CSV or PDF of a report). */
function DownloadLink({ report, format }: { report: FinancialReport; format: 'csv' | 'pdf' }) {
  const Icon = format === 'csv' ? FileDown : FileText;
  return (
    <a
      href={reportDownloadHref(report.id, format)}
      download
      className="inline-flex size-8 items-center justify-center rounded-md hover:bg-accent"
      aria-label={`Download ${format.toUpperCase()}: ${report.title}`}
      title={`Download ${format.toUpperCase()}`}
    >
      <Icon className="size-4" aria-hidden="true" />
    </a>
  );
}

const DONE = { filed: ReportMessages.filed, generated: ReportMessages.unfiled, archived: ReportMessages.archived } as const;

/** The Financial Reports tab: every generated report, its status badge (§4 colours), view, CSV, PDF, filing, archiving. */
export function ReportsTab() {
  const reports = useReports();
  const canManage = usePermission('reports.manage');
  const update = useUpdateReport({
    onSuccess: (r) => toast({ title: DONE[r.status as keyof typeof DONE] ?? ReportMessages.filed, description: r.title }),
    onError: (error) => {
      if (!isHandledGlobally(error)) toast({ variant: 'destructive', title: ReportMessages.updateFailed, description: error.message });
    },
  });
  const setStatus = (r: FinancialReport, status: 'generated' | 'filed' | 'archived') => update.mutate({ id: r.id, status });
  const [viewing, setViewing] = React.useState<FinancialReport | null>(null);
  if (reports.isError) return <ListLoadFailed what="reports" onRetry={() => void reports.refetch()} />;
  const list = reports.data ?? [];
  if (!reports.isPending && list.length === 0)
    return (
      <EmptyState
        icon={FileBarChart}
        title="No reports yet"
        description="Generate a profit & loss, sales tax, VAT return or tax summary from the Overview's Quick Actions."
      />
    );
  return (
    <>
      <div className="rounded-lg border">
        <Table aria-label="Financial reports">
          <TableHeader>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableHead key={c} className={c === 'Bottom line' ? 'text-right' : c === 'Actions' ? 'sr-only' : undefined}>
                  {c}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {reports.isPending ? (
              <TableSkeletonRows columns={COLUMNS} rows={3} testId="report-skeleton" />
            ) : (
              list.map((r) => (
                <TableRow key={r.id} data-testid="report-row">
                  <TableCell>
                    <div className="font-medium">{r.title}</div>
                    <div className="text-xs text-muted-foreground">{REPORT_TYPE_LABELS[r.type]}</div>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {r.period}
                    <div className="text-xs text-muted-foreground">
                      {formatShortDate(r.startDate.slice(0, 10))} – {formatShortDate(r.endDate.slice(0, 10))}
                    </div>
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    <div className="text-xs text-muted-foreground">{r.reportData.summary.label}</div>
                    {formatMoney(r.reportData.summary.amount, r.reportData.currency)}
                  </TableCell>
                  <TableCell>
                    <Badge className={REPORT_STATUS_STYLE[r.status]} data-testid="report-status">
                      {capitalize(r.status)}
                    </Badge>
                    {r.filedAt ? <div className="mt-1 text-xs text-muted-foreground">Filed {formatShortDate(r.filedAt)}</div> : null}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{r.generatedAt ? formatShortDate(r.generatedAt) : '—'}</TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <IconAction label="View" name={`View report: ${r.title}`} icon={Eye} onClick={() => setViewing(r)} />
                      <DownloadLink report={r} format="csv" />
                      <DownloadLink report={r} format="pdf" />
                      {canManage && r.status === 'generated' ? (
                        <IconAction
                          label="Mark as Filed"
                          name={`Mark as filed: ${r.title}`}
                          icon={FileCheck2}
                          disabled={update.isPending}
                          onClick={() => setStatus(r, 'filed')}
                        />
                      ) : null}
                      {canManage && r.status === 'filed' ? (
                        <IconAction
                          label="Undo Filing"
                          name={`Undo filing: ${r.title}`}
                          icon={Undo2}
                          disabled={update.isPending}
                          onClick={() => setStatus(r, 'generated')}
                        />
                      ) : null}
                      {canManage && r.status !== 'archived' ? (
                        <IconAction
                          label="Archive"
                          name={`Archive: ${r.title}`}
                          icon={Archive}
                          disabled={update.isPending}
                          onClick={() => setStatus(r, 'archived')}
                        />
                      ) : null}
                    </div>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      <ReportViewDialog report={viewing} onOpenChange={(open) => !open && setViewing(null)} />
    </>
  );
}
