import * as React from 'react';
import { Link } from 'react-router-dom';
import { Info } from 'lucide-react';
import type { DashboardStats } from '@billpoint/proto';
import { InvoiceStatusBadge } from '@/components/invoice-status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { TableSkeletonRows } from '@/components/list-parts';
import { paths } from '@/config/paths';
import { formatMoney, formatShortDate, plural } from '@/lib/format';
import { methodLabel, performanceMetrics, UNKNOWN_REASONS } from '../lib/figures';
import { AnalyticsBarChart } from './lazy-chart';

function Figure({
  label,
  value,
  loading,
  note,
  testId,
}: {
  label: string;
  value: React.ReactNode;
  loading: boolean;
  note?: string;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium">{label}</CardTitle>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-8 w-24" />
        ) : (
          <div className="text-2xl font-bold tabular-nums" data-testid="figure-value">
            {value}
          </div>
        )}
        {note && <p className="mt-1 text-xs text-muted-foreground">{note}</p>}
      </CardContent>
    </Card>
  );
}

/** "—" for a figure that cannot be known, with the reason in a tooltip (reachable by keyboard). */
function Unknown({ reason }: { reason: string }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          aria-label={`Not available: ${reason}`}
        >
          —
          <Info className="size-4 text-muted-foreground" aria-hidden="true" />
        </button>
      </TooltipTrigger>
      <TooltipContent className="max-w-64">{reason}</TooltipContent>
    </Tooltip>
  );
}

const Empty = ({ children }: { children: React.ReactNode }) => (
  <p className="rounded-lg border border-dashed py-10 text-center text-sm text-muted-foreground">{children}</p>
);

/** The tabs of the analytics screen: Invoices, Payments, Customers, Performance. */
export function AnalyticsTabs({ stats, loading, currency }: { stats: DashboardStats | undefined; loading: boolean; currency: string }) {
  const money = (v: number) => formatMoney(v, currency);
  const recent = (stats?.recentInvoices ?? []).slice(0, 5);
  const methods = stats?.paymentMethodStats ?? [];
  const customers = stats?.topCustomers ?? [];
  return (
    <Tabs defaultValue="invoices" className="space-y-4">
      <TabsList>
        <TabsTrigger value="invoices">Invoices</TabsTrigger>
        <TabsTrigger value="payments">Payments</TabsTrigger>
        <TabsTrigger value="customers">Customers</TabsTrigger>
        <TabsTrigger value="performance">Performance</TabsTrigger>
      </TabsList>

      <TabsContent value="invoices" className="space-y-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Figure
            testId="figure-outstanding"
            label="Outstanding"
            loading={loading}
            value={money(stats?.outstanding ?? 0)}
            note={`${stats?.pendingInvoices ?? 0} pending, ${stats?.overdueInvoices ?? 0} overdue`}
          />
          <Figure
            testId="figure-overdue"
            label="Overdue"
            loading={loading}
            value={money(stats?.overdue ?? 0)}
            note={plural(stats?.overdueInvoices ?? 0, 'overdue invoice')}
          />
          <Figure
            testId="figure-average-value"
            label="Average Value"
            loading={loading}
            value={money(stats?.averageInvoiceValue ?? 0)}
            note={`Over ${plural(stats?.totalInvoices ?? 0, 'invoice')}`}
          />
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Recent Invoices</CardTitle>
            <CardDescription>The latest invoices of this period</CardDescription>
          </CardHeader>
          <CardContent>
            {!loading && recent.length === 0 ? (
              <Empty>No invoices in this period</Empty>
            ) : (
              <Table aria-label="Recent invoices">
                <TableHeader>
                  <TableRow>
                    <TableHead>Invoice</TableHead>
                    <TableHead>Customer</TableHead>
                    <TableHead className="text-right">Amount</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>Issue Date</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {loading ? (
                    <TableSkeletonRows columns={['a', 'b', 'c', 'd', 'e']} rows={5} testId="recent-skeleton" />
                  ) : (
                    recent.map((i) => (
                      <TableRow key={i.id} data-testid="analytics-recent-invoice">
                        <TableCell className="font-medium">
                          <Link className="underline-offset-4 hover:underline" to={paths.invoice.getHref(i.id)}>
                            {i.invoiceNumber}
                          </Link>
                        </TableCell>
                        <TableCell>{i.customer?.name ?? 'Unknown customer'}</TableCell>
                        <TableCell className="text-right tabular-nums">{formatMoney(i.total, i.currency)}</TableCell>
                        <TableCell>
                          <InvoiceStatusBadge screen="list" status={i.status} />
                        </TableCell>
                        <TableCell>{formatShortDate(i.issueDate)}</TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </TabsContent>

      <TabsContent value="payments">
        <Card>
          <CardHeader>
            <CardTitle>Payment Methods</CardTitle>
            <CardDescription>Payments received in this period, by method</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {loading ? (
              <Skeleton className="h-56 w-full" />
            ) : methods.length === 0 ? (
              <Empty>No payments in this period</Empty>
            ) : (
              <>
                <div className="h-56" aria-hidden="true">
                  <React.Suspense fallback={<Skeleton className="h-56 w-full" />}>
                    <AnalyticsBarChart
                      layout="vertical"
                      currency={currency}
                      name="Amount"
                      data={methods.map((m) => ({ label: methodLabel(m.method), value: m.amount }))}
                    />
                  </React.Suspense>
                </div>
                <Table aria-label="Payment methods">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Method</TableHead>
                      <TableHead className="text-right">Payments</TableHead>
                      <TableHead className="text-right">Amount</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {methods.map((m) => (
                      <TableRow key={m.method} data-testid="payment-method-row">
                        <TableCell>{methodLabel(m.method)}</TableCell>
                        <TableCell className="text-right tabular-nums">{m.count}</TableCell>
                        <TableCell className="text-right tabular-nums">{money(m.amount)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </>
            )}
          </CardContent>
        </Card>
      </TabsContent>

      <TabsContent value="customers">
        <Card>
          <CardHeader>
            <CardTitle>Top Customers</CardTitle>
            <CardDescription>By amount paid</CardDescription>
          </CardHeader>
          <CardContent>
            {!loading && customers.length === 0 ? (
              <Empty>No paid invoices yet</Empty>
            ) : (
              <Table aria-label="Top customers">
                <TableHeader>
                  <TableRow>
                    <TableHead>Customer</TableHead>
                    <TableHead>Company</TableHead>
                    <TableHead className="text-right">Total Paid</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {loading ? (
                    <TableSkeletonRows columns={['a', 'b', 'c']} rows={5} testId="customers-skeleton" />
                  ) : (
                    customers.map((c) => (
                      <TableRow key={c.id} data-testid="top-customer-row">
                        <TableCell className="font-medium">{c.name}</TableCell>
                        <TableCell>{c.company ?? '—'}</TableCell>
                        <TableCell className="text-right tabular-nums">{money(c.totalSpent)}</TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </TabsContent>

      <TabsContent value="performance" className="space-y-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <Figure
            testId="figure-total-invoices"
            label="Total Invoices"
            loading={loading}
            value={stats?.totalInvoices ?? 0}
            note="Issued in this period"
          />
          <Figure
            testId="figure-paid-invoices"
            label="Paid Invoices"
            loading={loading}
            value={stats?.paidInvoices ?? 0}
            note="Of the invoices issued in this period"
          />
          {stats &&
            performanceMetrics(stats, money).map((m) => (
              <Figure
                key={m.key}
                testId={`figure-${m.key}`}
                label={m.label}
                loading={loading}
                note={m.note}
                value={m.value ?? <Unknown reason={UNKNOWN_REASONS[m.key]} />}
              />
            ))}
        </div>
      </TabsContent>
    </Tabs>
  );
}
