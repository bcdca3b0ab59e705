import * as React from 'react';
import { Archive, Eye, FileBarChart, FileCheck2, FileDown, FileText, Undo2 } from 'lucide-react';
import { ReportMessages, type FinancialReport } from '@billpoint/proto';
import { IconAction } from '@/components/icon-action';
import { ListTable, type Column } from '@/components/list-page';
import { EmptyState, ListLoadFailed } from '@/components/list-parts';
import { Badge } from '@/components/ui/badge';
import { toast } from '@/hooks/use-toast';
import { isHandledGlobally } from '@/lib/query-client';
import { formatMoney, formatShortDate } from '@/lib/format';
import { reportDownloadHref, useReports, useUpdateReport } from '../api/tax';
import { REPORT_STATUS_STYLE, REPORT_TYPE_LABELS } from '../lib/labels';
import { ReportViewDialog } from './report-view-dialog';
import { usePermission } from '@/lib/auth';
import { labelOf, REPORT_STATUS_LABELS } from '@/lib/labels';

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

type Handlers = {
  canManage: boolean;
  updating: boolean;
  onView: (r: FinancialReport) => void;
  onStatus: (r: FinancialReport, status: 'generated' | 'filed' | 'archived') => void;
};

/** Report (with its type), Period, Bottom line, Status (with the filing date), Generated, and the actions. */
const reportColumns = ({ canManage, updating, onView, onStatus }: Handlers): Column<FinancialReport>[] => [
  {
    header: 'Report',
    stack: 'primary',
    cell: (r) => (
      <>
        <div className="font-medium">{r.title}</div>
        <div className="text-xs text-muted-foreground">{REPORT_TYPE_LABELS[r.type]}</div>
      </>
    ),
  },
  {
    header: 'Period',
    cell: (r) => (
      <>
        {r.period}
        <div className="text-xs text-muted-foreground">
          {formatShortDate(r.startDate.slice(0, 10))} – {formatShortDate(r.endDate.slice(0, 10))}
        </div>
      </>
    ),
  },
  {
    header: 'Bottom line',
    align: 'right',
    className: 'tabular-nums',
    cell: (r) => (
      <>
        <div className="text-xs text-muted-foreground">{r.reportData.summary.label}</div>
        {formatMoney(r.reportData.summary.amount, r.reportData.currency)}
      </>
    ),
  },
  {
    header: 'Status',
    cell: (r) => (
      <>
        <Badge className={REPORT_STATUS_STYLE[r.status]} data-testid="report-status">
          {labelOf(REPORT_STATUS_LABELS, r.status)}
        </Badge>
        {r.filedAt ? <div className="mt-1 text-xs text-muted-foreground">Filed {formatShortDate(r.filedAt)}</div> : null}
      </>
    ),
  },
  { header: 'Generated', cell: (r) => (r.generatedAt ? formatShortDate(r.generatedAt) : '—') },
  {
    header: 'Actions',
    hideHeader: true,
    stack: 'actions',
    cell: (r) => (
      <div className="flex justify-end gap-1">
        <IconAction label="View" name={`View report: ${r.title}`} icon={Eye} onClick={() => onView(r)} />
        <DownloadLink report={r} format="csv" />
        <DownloadLink report={r} format="pdf" />
        {canManage && r.status === 'generated' ? (
          <IconAction
            label="Mark as Filed"
            name={`Mark as filed: ${r.title}`}
            icon={FileCheck2}
            disabled={updating}
            onClick={() => onStatus(r, 'filed')}
          />
        ) : null}
        {canManage && r.status === 'filed' ? (
          <IconAction
            label="Undo Filing"
            name={`Undo filing: ${r.title}`}
            icon={Undo2}
            disabled={updating}
            onClick={() => onStatus(r, 'generated')}
          />
        ) : null}
        {canManage && r.status !== 'archived' ? (
          <IconAction
            label="Archive"
            name={`Archive: ${r.title}`}
            icon={Archive}
            disabled={updating}
            onClick={() => onStatus(r, 'archived')}
          />
        ) : null}
      </div>
    ),
  },
];

const DONE = { filed: ReportMessages.filed, generated: ReportMessages.unfiled, archived: ReportMessages.archived } as const;

/** The Financial Reports tab: every generated report, its status badge (coloured by status), view, CSV, PDF, filing, archiving. */
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
      <ListTable
        label="Financial reports"
        columns={reportColumns({ canManage, updating: update.isPending, onView: setViewing, onStatus: setStatus })}
        rows={list}
        testId="report-row"
        list={reports}
        skeletonRows={3}
        frame="outline"
      />
      <ReportViewDialog report={viewing} onOpenChange={(open) => !open && setViewing(null)} />
    </>
  );
}
