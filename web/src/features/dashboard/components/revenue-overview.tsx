import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/format';
import { REVENUE_PERIODS, revenueSeries, type RevenuePeriod } from '../lib/revenue';

const RevenueChart = React.lazy(() => import('./revenue-chart'));

/** Revenue by month with 6M / 1Y / All. The chart is drawn for the eye; the same figures are in a table for screen readers. */
export function RevenueOverview({
  data,
  loading,
  currency,
}: {
  data: readonly { month: string; revenue: number }[];
  loading: boolean;
  /** The figures' currency: the organization's base currency. */
  currency?: string;
}) {
  const [period, setPeriod] = React.useState<RevenuePeriod>('6M');
  const series = React.useMemo(() => revenueSeries(data, period), [data, period]);
  const total = series.reduce((sum, p) => sum + p.revenue, 0);
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <div className="space-y-1.5">
          <CardTitle>Revenue Overview</CardTitle>
          <p className="text-sm text-muted-foreground" data-testid="revenue-period-total">
            {formatMoney(total, currency)} in this period
          </p>
        </div>
        <div className="flex gap-1" role="group" aria-label="Period">
          {REVENUE_PERIODS.map((p) => (
            <Button
              key={p}
              variant={p === period ? 'default' : 'outline'}
              size="sm"
              aria-pressed={p === period}
              onClick={() => setPeriod(p)}
            >
              {p}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-64 w-full" />
        ) : (
          <>
            <div className="h-64 w-full" aria-hidden="true" data-testid="revenue-chart">
              <React.Suspense fallback={<Skeleton className="h-64 w-full" />}>
                <RevenueChart data={series} currency={currency} />
              </React.Suspense>
            </div>
            <table className="sr-only">
              <caption>Revenue by month</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Revenue</th>
                </tr>
              </thead>
              <tbody>
                {series.map((p) => (
                  <tr key={p.month}>
                    <td>{p.month}</td>
                    <td>{formatMoney(p.revenue)}</td>
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
