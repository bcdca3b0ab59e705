import * as React from 'react';
import { Banknote, FileBarChart, Landmark, Percent, Receipt } from 'lucide-react';
import {
  GeneratedReportTypes,
  ReportPeriods,
  TaxMessages,
  divRound,
  fromScaled,
  reportPeriodLabel,
  reportPeriodRange,
  toMills,
  type ReportPeriod,
  type TaxSummary,
} from '@billpoint/proto';
import { SummaryCard } from '@/components/summary-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/hooks/use-toast';
import { formatMoney, formatShortDate, toIsoDate } from '@/lib/format';
import { isHandledGlobally } from '@/lib/query-client';
import { useGenerateReport, useTaxSummary } from '../api/tax';
import { PERIOD_LABELS, REPORT_TYPE_LABELS } from '../lib/labels';
import { usePermission } from '@/lib/auth';
import { CurrencyBreakdown } from './currency-breakdown';
import { ExcludedCurrencies } from './excluded-currencies';

/** Tax collected over taxable sales, as a percent with 2 decimals (exact: integer cents, rounded half-up); — without sales. */
export function effectiveRate(collected: string, taxableSales: string): string {
  const sales = toMills(taxableSales);
  if (sales === 0n) return '—';
  return `${fromScaled(divRound(toMills(collected) * 10000n, sales), 2)}%`;
}

/** The four stat cards: the current quarter's tax collected, payable, taxable sales and the effective rate over them. */
function TaxStats({ summary, loading }: { summary: TaxSummary | undefined; loading: boolean }) {
  const money = (v: string | undefined) => (summary && v !== undefined ? formatMoney(v, summary.currency) : '—');
  const others = summary?.currencies.filter((c) => c !== summary.currency) ?? [];
  const period = summary
    ? `${summary.period} (${formatShortDate(summary.startDate.slice(0, 10))} – ${formatShortDate(summary.endDate.slice(0, 10))})`
    : 'This quarter';
  const also = others.length > 0 ? ` · also figures in ${others.join(', ')}` : '';
  return (
    <section aria-label="Tax summary" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <SummaryCard
        title="Tax Collected"
        icon={Landmark}
        loading={loading}
        subtext={`On invoices issued in ${summary?.period ?? 'the quarter'}${also}`}
      >
        {money(summary?.totalCollected)}
      </SummaryCard>
      <SummaryCard title="Tax Payable" icon={Receipt} loading={loading} subtext="Collected less reclaimable tax on expenses">
        {money(summary?.totalPayable)}
      </SummaryCard>
      <SummaryCard title="Taxable Sales" icon={Banknote} loading={loading} subtext="Net of tax">
        {money(summary?.taxableSales)}
      </SummaryCard>
      <SummaryCard title="Effective Rate" icon={Percent} loading={loading} subtext={period}>
        {summary ? effectiveRate(summary.totalCollected, summary.taxableSales) : '—'}
      </SummaryCard>
    </section>
  );
}

type ReportType = (typeof GeneratedReportTypes)[number];

/** Quick Actions: generate a report of one of the four types for the current month, quarter (default) or year. */
function ReportGenerator({ onGenerated }: { onGenerated: () => void }) {
  const [type, setType] = React.useState<ReportType>('sales_tax');
  const [period, setPeriod] = React.useState<ReportPeriod>('current-quarter');
  const today = toIsoDate(new Date());
  const generate = useGenerateReport({
    onSuccess: (report) => {
      toast({ title: TaxMessages.reportGenerated, description: report.title });
      onGenerated();
    },
    onError: (error) => {
      if (!isHandledGlobally(error)) toast({ variant: 'destructive', title: TaxMessages.reportGenerateFailed });
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
        <CardDescription>Generate a report from your books.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-2">
          <Label htmlFor="report-type">Report Type</Label>
          <Select value={type} onValueChange={(v) => setType(v as ReportType)}>
            <SelectTrigger id="report-type">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {GeneratedReportTypes.map((t) => (
                <SelectItem key={t} value={t}>
                  {REPORT_TYPE_LABELS[t]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid flex-1 gap-2">
          <Label htmlFor="report-period">Period</Label>
          <Select value={period} onValueChange={(v) => setPeriod(v as ReportPeriod)}>
            <SelectTrigger id="report-period">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ReportPeriods.map((p) => (
                <SelectItem key={p} value={p}>
                  {`${PERIOD_LABELS[p]} (${reportPeriodLabel(p, today)})`}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button disabled={generate.isPending} onClick={() => generate.mutate({ type, period, ...reportPeriodRange(period, today) })}>
          <FileBarChart aria-hidden="true" />
          {generate.isPending ? 'Generating...' : 'Generate Report'}
        </Button>
      </CardContent>
    </Card>
  );
}

export function OverviewTab({ onGenerated }: { onGenerated: () => void }) {
  const summary = useTaxSummary();
  const canGenerate = usePermission('reports.manage');
  return (
    <div className="space-y-6">
      {summary.isError ? (
        <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">The tax summary could not be loaded.</p>
      ) : (
        <>
          <TaxStats summary={summary.data} loading={summary.isPending} />
          <ExcludedCurrencies currencies={summary.data?.excludedCurrencies} testId="tax-summary-excluded" />
          <CurrencyBreakdown summary={summary.data} />
        </>
      )}
      {canGenerate && <ReportGenerator onGenerated={onGenerated} />}
    </div>
  );
}
