import * as React from 'react';
import { format } from 'date-fns';
import { CreditCard, Banknote, Download, Repeat, Users } from 'lucide-react';
import type { AnalyticsPeriod, DashboardStats } from '@billpoint/proto';
import { PageBody, PageHeader } from '@/components/layouts/page-header';
import { ListLoadFailed } from '@/components/list-parts';
import { SummaryCard } from '@/components/summary-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDefaults, formatMoney, formatPercent, plural } from '@/lib/format';
import { useAnalytics } from '../api/get-analytics';
import { analyticsCsv, analyticsFileName, downloadCsv } from '../lib/export-csv';
import { ALL_CURRENCIES, CURRENCY_OPTIONS, PERIOD_OPTIONS } from '../lib/figures';
import { FilterSelect } from '@/components/list-page';
import { AnalyticsTabs } from './analytics-tabs';
import { AnalyticsBarChart } from './lazy-chart';

/** "2026-04" → "Apr 2026". */
const monthLabel = (m: string) => format(new Date(Number(m.slice(0, 4)), Number(m.slice(5, 7)) - 1, 1), 'MMM yyyy');

function RevenueTrends({ stats, currency, loading }: { stats: DashboardStats | undefined; currency: string; loading: boolean }) {
  const data = (stats?.revenueByMonth ?? []).map((m) => ({ label: monthLabel(m.month), value: m.revenue }));
  const empty = !loading && data.every((d) => d.value === 0);
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Revenue Trends</CardTitle>
        <CardDescription>Revenue by the month invoices were paid</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-64 w-full" />
        ) : empty ? (
          <p className="flex h-64 items-center justify-center rounded-lg border border-dashed text-sm text-muted-foreground">
            No revenue in this period
          </p>
        ) : (
          <>
            <div className="h-64" aria-hidden="true">
              <React.Suspense fallback={<Skeleton className="h-64 w-full" />}>
                <AnalyticsBarChart data={data} currency={currency} name="Revenue" />
              </React.Suspense>
            </div>
            <table className="sr-only" aria-label="Revenue by month">
              <tbody>
                {data.map((d) => (
                  <tr key={d.label}>
                    <th scope="row">{d.label}</th>
                    <td>{formatMoney(d.value, currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function CurrencyBreakdown({ stats, loading }: { stats: DashboardStats | undefined; loading: boolean }) {
  const rows = stats?.currencyBreakdown ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Currency Breakdown</CardTitle>
        <CardDescription>Invoiced in each currency this period</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-3">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-8 w-full" />
            ))}
          </div>
        ) : rows.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">No invoices in this period</p>
        ) : (
          <ul className="space-y-3" aria-label="Currency breakdown">
            {rows.map((c) => (
              <li key={c.currency} className="flex items-center justify-between gap-2 text-sm" data-testid="currency-row">
                <span className="font-medium">{c.currency}</span>
                <span className="tabular-nums">{formatMoney(c.total, c.currency)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Analytics & Reports over GET /api/dashboard/stats?period&currency. */
export function AnalyticsPage() {
  const [period, setPeriod] = React.useState<AnalyticsPeriod>('30d');
  const [currencyChoice, setCurrencyChoice] = React.useState(ALL_CURRENCIES);
  const currency = currencyChoice === ALL_CURRENCIES ? null : currencyChoice;
  const query = useAnalytics({ period, currency });
  const stats = query.data;
  const loading = query.isPending;
  // Every currency together is in the organization's base currency, converted at the invoices' rates.
  const shown = currency ?? (stats?.baseCurrency || formatDefaults().currency);
  const money = (v: number) => formatMoney(v, shown);
  const mrr = stats?.monthlyRecurringRevenue ?? [];

  return (
    <>
      <PageHeader
        title="Analytics & Reports"
        description="Revenue, invoices, payments and customers over time."
        actions={
          <>
            <FilterSelect label="Period" value={period} onChange={setPeriod} options={PERIOD_OPTIONS} className="w-40" />
            <FilterSelect
              label="Currency"
              value={currencyChoice}
              onChange={setCurrencyChoice}
              options={CURRENCY_OPTIONS}
              className="w-40"
            />
            <Button variant="outline" disabled={!stats} onClick={() => stats && downloadCsv(analyticsFileName(stats), analyticsCsv(stats))}>
              <Download aria-hidden="true" />
              Export
            </Button>
          </>
        }
      />
      <PageBody className="space-y-6" aria-busy={query.isFetching}>
        {query.isError && !stats ? (
          <ListLoadFailed what="analytics" onRetry={() => void query.refetch()} />
        ) : (
          <>
            <section aria-label="Key figures" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <SummaryCard
                title="Total Revenue"
                icon={Banknote}
                loading={loading}
                subtext={plural(stats?.paidInvoices ?? 0, 'paid invoice')}
              >
                {money(stats?.totalRevenue ?? 0)}
              </SummaryCard>
              <SummaryCard title="Monthly Recurring Revenue" icon={Repeat} loading={loading} subtext="From active subscriptions">
                {mrr.length === 0 ? formatMoney(0, shown) : mrr.map((m) => <div key={m.currency}>{formatMoney(m.amount, m.currency)}</div>)}
              </SummaryCard>
              <SummaryCard title="Active Customers" icon={Users} loading={loading} subtext="Customers on file">
                {stats?.totalCustomers ?? 0}
              </SummaryCard>
              <SummaryCard
                title="Payment Success Rate"
                icon={CreditCard}
                loading={loading}
                subtext={`${stats?.paidInvoices ?? 0} of ${plural(stats?.totalInvoices ?? 0, 'invoice')} paid`}
              >
                {formatPercent(stats?.paymentSuccessRate ?? 0)}
              </SummaryCard>
            </section>
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
              <RevenueTrends stats={stats} currency={shown} loading={loading} />
              <CurrencyBreakdown stats={stats} loading={loading} />
            </div>
            <AnalyticsTabs stats={stats} loading={loading} currency={shown} />
          </>
        )}
      </PageBody>
    </>
  );
}
