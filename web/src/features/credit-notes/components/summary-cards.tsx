import { CalendarRange, CircleAlert, FileMinus, Hourglass } from 'lucide-react';
import { SummaryGrid, countOrDash } from '@/components/list-page';
import { MoneyAmounts, SummaryCard } from '@/components/summary-card';
import { formatMoney } from '@/lib/format';
import type { CreditNoteSummary } from '../lib/list-figures';

/** The cards of /credit-notes over every credit note of the organization (not only the filtered ones). */
export function SummaryCards({ summary: s, loading }: { summary: CreditNoteSummary | undefined; loading: boolean }) {
  const pending = s?.pendingAmounts.map((a) => formatMoney(a.amount, a.currency)).join(', ');
  return (
    <SummaryGrid label="Credit note summary" cards={4}>
      <SummaryCard title="Credit Notes This Month" icon={FileMinus} loading={loading} subtext={`${countOrDash(s?.all)} in all`}>
        {countOrDash(s?.thisMonth)}
      </SummaryCard>
      <SummaryCard title="Credited This Month" icon={CalendarRange} loading={loading} subtext="Total of this month’s credit notes">
        <MoneyAmounts amounts={s?.creditedThisMonth} />
      </SummaryCard>
      <SummaryCard
        title="Refunds Pending"
        icon={Hourglass}
        loading={loading}
        subtext={pending ? `${pending} still to go back to customers` : 'No money waiting to go back'}
      >
        {countOrDash(s?.refundsPending)}
      </SummaryCard>
      <SummaryCard title="Refunds Failed" icon={CircleAlert} loading={loading} subtext="Refused by the payment processor">
        {countOrDash(s?.refundsFailed)}
      </SummaryCard>
    </SummaryGrid>
  );
}
