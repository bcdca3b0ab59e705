import { FileDown, FileText } from 'lucide-react';
import type { FinancialReport } from '@billpoint/proto';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatMoney, formatShortDate } from '@/lib/format';
import { reportDownloadHref } from '../api/tax';
import { ExcludedCurrencies } from './excluded-currencies';
import { REPORT_TYPE_LABELS } from '../lib/labels';

/** One report as generated: each section with its lines and total, then the bottom line; amounts exact, in its currency. */
export function ReportViewDialog({ report, onOpenChange }: { report: FinancialReport | null; onOpenChange: (open: boolean) => void }) {
  const data = report?.reportData;
  const money = (v: string) => formatMoney(v, data?.currency ?? 'USD');
  return (
    <Dialog open={report !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{report?.title ?? ''}</DialogTitle>
          <DialogDescription>
            {report
              ? `${REPORT_TYPE_LABELS[report.type]} · ${report.period} · ${formatShortDate(report.startDate.slice(0, 10))} – ${formatShortDate(report.endDate.slice(0, 10))} · ${data?.currency}`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {data && (
          <div className="space-y-5" data-testid="report-view">
            {data.sections.map((section) => (
              <section key={section.title} aria-label={section.title}>
                <h3 className="mb-1 text-sm font-semibold">{section.title}</h3>
                <table className="w-full text-sm">
                  <tbody>
                    {section.lines.length === 0 ? (
                      <tr>
                        <td className="py-1 text-muted-foreground">Nothing in this period</td>
                      </tr>
                    ) : (
                      section.lines.map((line, i) => (
                        <tr key={`${line.label}-${i}`} className="border-b border-dashed last:border-0" data-testid="report-line">
                          <td className="py-1">
                            {line.accountCode && <span className="mr-2 font-mono text-xs text-muted-foreground">{line.accountCode}</span>}
                            {line.label}
                          </td>
                          <td className="py-1 text-right tabular-nums">{money(line.amount)}</td>
                        </tr>
                      ))
                    )}
                    <tr className="font-medium">
                      <td className="pt-1">Total</td>
                      <td className="pt-1 text-right tabular-nums" data-testid="report-section-total">
                        {money(section.total)}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </section>
            ))}
            <div className="flex items-center justify-between rounded-md bg-muted px-3 py-2 font-semibold" data-testid="report-summary">
              <span>{data.summary.label}</span>
              <span className="tabular-nums">{money(data.summary.amount)}</span>
            </div>
            <ExcludedCurrencies currencies={data.excludedCurrencies} testId="report-excluded" />
            {data.byCurrency && data.byCurrency.length > 1 && (
              <section aria-label="Per currency">
                <h3 className="mb-1 text-sm font-semibold">Per currency, in {data.currency} at the rate of each day</h3>
                <table className="w-full text-sm">
                  <tbody>
                    {data.byCurrency.map((c) => (
                      <tr key={c.currency} className="border-b border-dashed last:border-0" data-testid="report-currency">
                        <td className="py-1">{formatMoney(c.amount, c.currency)}</td>
                        <td className="py-1 text-right tabular-nums">
                          {c.inBase === null ? 'No exchange rate: not included' : money(c.inBase)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            )}
            <p className="text-xs text-muted-foreground">Computed from {data.ledgerLines} ledger lines.</p>
          </div>
        )}
        {report && (
          <DialogFooter>
            <Button variant="outline" asChild>
              <a href={reportDownloadHref(report.id, 'csv')} download>
                <FileDown aria-hidden="true" />
                Download CSV
              </a>
            </Button>
            <Button variant="outline" asChild>
              <a href={reportDownloadHref(report.id, 'pdf')} download>
                <FileText aria-hidden="true" />
                Download PDF
              </a>
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
