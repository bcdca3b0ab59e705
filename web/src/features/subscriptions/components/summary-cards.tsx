import type * as React from 'react';
import { CircleCheck, DollarSign, Repeat, TrendingUp, type LucideIcon } from 'lucide-react';
import type { CurrencyAmount } from '@billpoint/proto';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney } from '@/lib/format';
import { useSubscriptionSummary } from '../api/get-subscription-summary';

function SummaryCard({
  title,
  icon: Icon,
  loading,
  children,
  subtext,
}: {
  title: string;
  icon: LucideIcon;
  loading: boolean;
  children: React.ReactNode;
  subtext: string;
}) {
  const testId = `summary-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        {loading ? <Skeleton className="h-8 w-28" /> : <div className="text-2xl font-bold tabular-nums">{children}</div>}
        <p className="mt-1 text-xs text-muted-foreground">{subtext}</p>
      </CardContent>
    </Card>
  );
}

/** Money per currency, one line each; none yet shows $0.00. */
function Amounts({ amounts }: { amounts: readonly CurrencyAmount[] | undefined }) {
  if (!amounts) return <>—</>;
  if (amounts.length === 0) return <>{formatMoney(0)}</>;
  return (
    <ul>
      {amounts.map((a) => (
        <li key={a.currency}>{formatMoney(a.amount, a.currency)}</li>
      ))}
    </ul>
  );
}

/**
 * The four cards of /subscriptions (areas §2) from GET /api/recurring-invoices/summary, over all schedules.
 * Monthly Revenue is the server's monthly-normalised figure of the active schedules (weekly × 52 / 12, …).
 */
export function SummaryCards() {
  const { data, isPending } = useSubscriptionSummary();
  const count = (n: number | undefined) => (n === undefined ? '—' : String(n));
  return (
    <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <SummaryCard title="Total Subscriptions" icon={Repeat} loading={isPending} subtext={`${count(data?.active)} active`}>
        {count(data?.total)}
      </SummaryCard>
      <SummaryCard title="Active Subscriptions" icon={CircleCheck} loading={isPending} subtext={`${count(data?.inactive)} inactive`}>
        {count(data?.active)}
      </SummaryCard>
      <SummaryCard title="Monthly Revenue" icon={DollarSign} loading={isPending} subtext="normalised to a month">
        <Amounts amounts={data?.monthlyRevenue} />
      </SummaryCard>
      <SummaryCard title="Average Value" icon={TrendingUp} loading={isPending} subtext="per active subscription, monthly">
        <Amounts amounts={data?.averageValue} />
      </SummaryCard>
    </section>
  );
}
