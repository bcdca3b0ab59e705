import { CircleCheck, Banknote, FileClock, TrendingUp } from 'lucide-react';
import { SummaryGrid, countOrDash } from '@/components/list-page';
import { MoneyAmounts, SummaryCard } from '@/components/summary-card';
import { formatPercent, plural } from '@/lib/format';
import { useQuoteSummary } from '../api/get-quote-summary';

/**
 * The cards of /quotes over all of the tenant's quotes (not the filtered list): open quotes (sent or viewed: the
 * customer's answer is awaited) and their value; accepted quotes awaiting conversion and their value; the conversion
 * rate of the closed quotes.
 */
export function QuoteSummaryCards() {
  const { data, isPending, isError } = useQuoteSummary();
  const loading = isPending && !isError;
  const rate = data?.conversionRate;
  return (
    <SummaryGrid label="Summary" cards={4}>
      <SummaryCard title="Open Quotes" icon={FileClock} loading={loading} subtext="sent and awaiting the customer's answer">
        {countOrDash(data?.open.count)}
      </SummaryCard>
      <SummaryCard title="Open Value" icon={Banknote} loading={loading} subtext="the total of the open quotes">
        <MoneyAmounts amounts={data?.open.value} />
      </SummaryCard>
      <SummaryCard
        title="Awaiting Conversion"
        icon={CircleCheck}
        loading={loading}
        subtext={data ? `${plural(data.accepted.count, 'accepted quote')}, not yet invoiced` : 'accepted, not yet invoiced'}
      >
        <MoneyAmounts amounts={data?.accepted.value} />
      </SummaryCard>
      <SummaryCard
        title="Conversion Rate"
        icon={TrendingUp}
        loading={loading}
        subtext={
          data
            ? data.closed === 0
              ? 'no quote converted, declined or expired yet'
              : `${data.converted} of ${plural(data.closed, 'closed quote')} converted`
            : 'of the closed quotes'
        }
      >
        {rate == null ? '—' : formatPercent(rate * 100, { digits: 0 })}
      </SummaryCard>
    </SummaryGrid>
  );
}
