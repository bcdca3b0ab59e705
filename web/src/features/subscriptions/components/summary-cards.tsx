import { CircleCheck, Banknote, Repeat, TrendingUp } from 'lucide-react';
import { SummaryGrid, countOrDash } from '@/components/list-page';
import { MoneyAmounts, SummaryCard } from '@/components/summary-card';
import { useSubscriptionSummary } from '../api/get-subscription-summary';

/**
 * The four cards of /subscriptions from GET /api/recurring-invoices/summary, over all schedules.
 * Monthly Revenue is the server's monthly-normalised figure of the active schedules (weekly × 52 / 12, …).
 */
export function SummaryCards() {
  const { data, isPending } = useSubscriptionSummary();
  return (
    <SummaryGrid label="Summary" cards={4}>
      <SummaryCard title="Total Subscriptions" icon={Repeat} loading={isPending} subtext={`${countOrDash(data?.active)} active`}>
        {countOrDash(data?.total)}
      </SummaryCard>
      <SummaryCard title="Active Subscriptions" icon={CircleCheck} loading={isPending} subtext={`${countOrDash(data?.inactive)} inactive`}>
        {countOrDash(data?.active)}
      </SummaryCard>
      <SummaryCard title="Monthly Revenue" icon={Banknote} loading={isPending} subtext="normalised to a month">
        <MoneyAmounts amounts={data?.monthlyRevenue} />
      </SummaryCard>
      <SummaryCard title="Average Value" icon={TrendingUp} loading={isPending} subtext="per active subscription, monthly">
        <MoneyAmounts amounts={data?.averageValue} />
      </SummaryCard>
    </SummaryGrid>
  );
}
